/** Attributes of `h`: a string sets the attribute, `true` sets it empty, `false`/undefined leaves it out. */
export type Attributes = Readonly<Record<string, string | boolean | undefined>>;

/** A new element with attributes and children (strings become text nodes, never HTML). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

/** A decorative SVG icon (hidden from assistive technology) drawn from one path. */
export function icon(path: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'ask-search-icon');
  const shape = document.createElementNS(ns, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

/** The magnifying glass of the trigger and the search field. */
export const SEARCH_ICON = 'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z';

/** Whether a key event comes from a place where the reader is typing text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Scrolls the nearest `.ask-search-body` just enough to show `element` (the page itself never moves). */
export function reveal(element: HTMLElement): void {
  const container = element.closest<HTMLElement>('.ask-search-body');
  if (container === null) return;
  const box = container.getBoundingClientRect();
  const target = element.getBoundingClientRect();
  if (target.top < box.top) container.scrollTop -= box.top - target.top;
  else if (target.bottom > box.bottom) container.scrollTop += Math.min(target.bottom - box.bottom, target.top - box.top);
}
