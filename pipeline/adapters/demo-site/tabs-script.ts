/**
 * The demo site's one script of its own, served at `/ask-demo-tabs.js` (a file of the site, as its
 * Content-Security-Policy allows, never inline): it switches the tabs `renderPageMarkdown` makes
 * (a `role=tablist` of `role=tab` buttons, each controlling one `role=tabpanel`), by click and by
 * the arrow, Home and End keys.
 */

/** Where the pages load the script from. */
export const TABS_SCRIPT_PATH = '/ask-demo-tabs.js';

/** The script itself (plain JavaScript, an ES module). */
export const TABS_SCRIPT = `for (const list of document.querySelectorAll('[role="tablist"]')) {
  const tabs = [...list.querySelectorAll('[role="tab"]')];
  const select = (chosen, focus) => {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !on;
    }
    if (focus) chosen.focus();
  };
  list.addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
    if (tab && tabs.includes(tab)) select(tab, false);
  });
  list.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(document.activeElement);
    if (at === -1) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(tabs[(to + tabs.length) % tabs.length], true);
  });
}
`;
