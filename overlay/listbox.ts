import { h, reveal } from './dom.ts';
import { appendHighlighted, highlightTerms } from './highlight.ts';
import { groupResults } from './results.ts';
import type { KeywordResult } from './types.ts';

/** What an option does when it is chosen. */
export type OptionAction =
  /** `href`: where the link is shown pointing; `url` and `rank`: the result as the server ranked it (1-based), for its feedback. */
  | { readonly kind: 'result'; readonly href: string; readonly url: string; readonly rank: number }
  | { readonly kind: 'suggestion'; readonly text: string }
  | { readonly kind: 'ask'; readonly query: string };

/**
 * The `[role=listbox]` of the combobox: suggestions, or keyword results grouped by page followed
 * by the Ask row. A group's header is the page title; its results show their heading (the page
 * title only for the page's opening, which has none) and snippet, the query's words marked in
 * both. The Ask row carries a note when answers are known to be unavailable (`setAskNote`).
 * Focus stays in the input; the active option is only pointed at (the owner sets
 * `aria-activedescendant` from `onActive`) and marked `aria-selected`.
 */
export class Listbox {
  readonly element: HTMLDivElement;
  private options: HTMLElement[] = [];
  private readonly actions = new Map<Element, OptionAction>();
  private active = -1;
  private askNote: string | undefined;

  constructor(
    private readonly id: string,
    label: string,
    private readonly onActive: (id: string) => void,
    private readonly shownUrl: (url: string) => string,
  ) {
    this.element = h('div', { role: 'listbox', id, class: 'ask-search-listbox', 'aria-label': label, hidden: true });
  }

  get size(): number {
    return this.options.length;
  }

  /** The index of the active option, -1 for none. */
  get activeIndex(): number {
    return this.active;
  }

  /** The suggested questions (shown while the input is empty). */
  showSuggestions(suggestions: readonly string[]): void {
    this.actions.clear();
    // no group: `[role=group]` is a page of results
    const options = suggestions.map((text) => this.option({ kind: 'suggestion', text }, 'ask-search-suggestion', text));
    const title = h('div', { class: 'ask-search-group-title', 'aria-hidden': 'true' }, 'Suggested questions');
    this.replace(options.length > 0 ? [title, ...options] : []);
  }

  /** Keyword results by page, then the Ask row for `query`. */
  showResults(results: readonly KeywordResult[], query: string): void {
    this.actions.clear();
    const terms = highlightTerms(query);
    // grouped by page, a result keeps the rank the server gave it
    const ranks = new Map(results.map((result, index) => [result, index + 1]));
    const nodes: HTMLElement[] = [];
    for (const page of groupResults(results)) {
      const group = h('div', { role: 'group', class: 'ask-search-group', 'aria-label': page.title });
      group.append(h('div', { class: 'ask-search-group-title', 'aria-hidden': 'true' }, page.title));
      for (const result of page.results) group.append(this.resultOption(result, ranks.get(result) ?? 0, terms));
      nodes.push(group);
    }
    nodes.push(this.askRow(query));
    this.replace(nodes);
  }

  /** Keeps the shown results but points the Ask row at a newer query (while its results load). */
  setAskQuery(query: string): void {
    const row = this.askElement();
    if (row === undefined) {
      this.showResults([], query);
      return;
    }
    this.actions.set(row, { kind: 'ask', query });
    row.querySelector('q')?.replaceChildren(query);
  }

  /** The note the Ask row shows before it is chosen (why it will give keyword results only), or none. */
  setAskNote(note: string | undefined): void {
    this.askNote = note;
    const row = this.askElement();
    if (row === undefined) return;
    row.querySelector('.ask-search-ask-note')?.remove();
    if (note !== undefined) row.append(this.noteElement(note));
  }

  clear(): void {
    this.actions.clear();
    this.replace([]);
  }

  /** Moves the active option by `step`, wrapping at both ends; from none, down is the first and up the last. */
  move(step: 1 | -1): void {
    if (this.options.length === 0) return;
    const from = this.active === -1 ? (step === 1 ? -1 : this.options.length) : this.active;
    this.setActive((from + step + this.options.length) % this.options.length);
  }

  setActive(index: number): void {
    this.options[this.active]?.setAttribute('aria-selected', 'false');
    this.active = index >= 0 && index < this.options.length ? index : -1;
    const option = this.options[this.active];
    option?.setAttribute('aria-selected', 'true');
    if (option !== undefined) reveal(option);
    this.onActive(option?.id ?? '');
  }

  activeAction(): OptionAction | undefined {
    const option = this.options[this.active];
    return option === undefined ? undefined : this.actions.get(option);
  }

  firstAction(): OptionAction | undefined {
    const option = this.options[0];
    return option === undefined ? undefined : this.actions.get(option);
  }

  /** The option an event happened in, with its index and action. */
  optionAt(target: EventTarget | null): { index: number; action: OptionAction } | undefined {
    const option = target instanceof Element ? target.closest('[role=option]') : null;
    const action = option === null ? undefined : this.actions.get(option);
    return option === null || action === undefined ? undefined : { index: this.options.indexOf(option as HTMLElement), action };
  }

  /** Makes the Ask row active; returns it (for focus) when there is one. */
  activateAsk(): HTMLElement | undefined {
    const row = this.askElement();
    if (row !== undefined) this.setActive(this.options.indexOf(row));
    return row;
  }

  private askElement(): HTMLElement | undefined {
    return this.options.find((option) => this.actions.get(option)?.kind === 'ask');
  }

  /** Shows `nodes`, whose options were made (and their actions recorded) since the last clear of `actions`. */
  private replace(nodes: readonly HTMLElement[]): void {
    this.active = -1;
    this.element.replaceChildren(...nodes);
    this.options = [...this.element.querySelectorAll<HTMLElement>('[role=option]')];
    this.element.hidden = this.options.length === 0;
    this.onActive('');
  }

  private option(action: OptionAction, className: string, ...children: (Node | string)[]): HTMLElement {
    const attributes = { role: 'option', id: `${this.id}-${this.actions.size}`, class: `ask-search-option ${className}`, 'aria-selected': 'false' };
    // a result is its deep link (an `a` may take the option role): the pointer can open it in a
    // new tab, and no second interactive element sits inside the option; out of the Tab order,
    // as the combobox moves through options by `aria-activedescendant`
    const option = action.kind === 'result' ? h('a', { ...attributes, href: action.href, tabindex: '-1' }, ...children) : h('div', attributes, ...children);
    this.actions.set(option, action);
    return option;
  }

  private resultOption(result: KeywordResult, rank: number, terms: readonly string[]): HTMLElement {
    const id = `${this.id}-${this.actions.size}`;
    // the page title is the group's header: a result shows its heading, or the title for the page's opening
    const heading = h('span', { class: 'ask-search-heading', id: `${id}-h` });
    appendHighlighted(heading, result.heading ?? result.title, terms);
    const snippet = h('span', { class: 'ask-search-snippet', id: `${id}-s` });
    appendHighlighted(snippet, result.snippet, terms);
    const text = h('span', { class: 'ask-search-hit' }, heading, ' ', snippet);
    return this.option({ kind: 'result', href: this.shownUrl(result.url), url: result.url, rank }, 'ask-search-result', text);
  }

  private askRow(query: string): HTMLElement {
    const row = this.option({ kind: 'ask', query }, 'ask-search-ask-row', h('span', { class: 'ask-search-ask-label' }, 'Ask: '), h('q', {}, query));
    if (this.askNote !== undefined) row.append(this.noteElement(this.askNote));
    row.tabIndex = -1;
    return row;
  }

  private noteElement(note: string): HTMLElement {
    return h('span', { class: 'ask-search-ask-note' }, note);
  }
}
