import { askSearchClass, type AskSearchElement } from './element.ts';

/**
 * The `<ask-search>` element's module (the package's `ask-docs/overlay`, the bundle's entry):
 * importing it registers the element where `customElements` exists, and does nothing elsewhere
 * (Node, server rendering: no DOM global is touched at import). element.ts says what it does.
 */

/** An `<ask-search>` element. */
export type AskSearch = AskSearchElement;

function registered(): new () => AskSearchElement {
  const existing = customElements.get('ask-search') as (new () => AskSearchElement) | undefined;
  if (existing !== undefined) return existing;
  const element = askSearchClass();
  customElements.define('ask-search', element);
  return element;
}

/** The element's class, registered as `ask-search`; undefined where there is no DOM. */
export const AskSearch: (new () => AskSearchElement) | undefined = typeof customElements === 'undefined' ? undefined : registered();
