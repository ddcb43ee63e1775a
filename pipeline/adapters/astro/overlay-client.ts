import '../../../overlay/ask-search.ts';

/**
 * Runs in the browser, on every page (the integration's `overlay: true`): adds one
 * `<ask-search endpoint="...">` and replaces nothing. It goes next to Starlight's search box
 * (`site-search`) when the page has one, else at the end of the first `header`, else at the top
 * of `body`; a page that already has an `<ask-search>` is left as it is.
 */
export function addAskSearch(endpoint: string): void {
  const place = (): void => {
    if (document.querySelector('ask-search') !== null) return;
    const element = document.createElement('ask-search');
    element.setAttribute('endpoint', endpoint);
    const siteSearch = document.querySelector('site-search');
    const header = document.querySelector('header');
    if (siteSearch !== null) siteSearch.after(element);
    else if (header !== null) header.append(element);
    else document.body.prepend(element);
  };
  place();
  // pages swapped in by Astro's client router are new documents for the reader
  document.addEventListener('astro:page-load', place);
}
