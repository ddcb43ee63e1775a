import { AnswerView } from './answer-view.ts';
import { h, icon, reveal, SEARCH_ICON } from './dom.ts';
import { Listbox } from './listbox.ts';

/**
 * The dialog of the element: a modal `<dialog>` (top layer, so no page stacking context can hide
 * it) holding the combobox input, the notices, the answer and the listbox.
 */
export class Panel {
  readonly dialog: HTMLDialogElement;
  readonly input: HTMLInputElement;
  readonly listbox: Listbox;
  readonly answer: AnswerView;
  readonly close: HTMLButtonElement;
  private readonly warning: HTMLParagraphElement;
  private readonly error: HTMLParagraphElement;
  private readonly empty: HTMLParagraphElement;

  /** `shownUrl`: where a result or answer link is shown pointing (a preview's own origin, see `site-url`). */
  constructor(id: string, label: string, shownUrl: (url: string) => string) {
    this.listbox = new Listbox(`${id}-listbox`, 'Search results', (active) => this.input.setAttribute('aria-activedescendant', active), shownUrl);
    this.answer = new AnswerView(id, shownUrl);
    this.input = h('input', {
      id: `${id}-input`,
      class: 'ask-search-input',
      type: 'text',
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': this.listbox.element.id,
      'aria-activedescendant': '',
      'aria-describedby': `${id}-help`,
      autocomplete: 'off',
      autocapitalize: 'off',
      spellcheck: 'false',
      enterkeyhint: 'search',
      maxlength: '500',
      placeholder: label,
    });
    const field = h('label', { class: 'ask-search-field-label', for: this.input.id, id: `${id}-label` }, icon(SEARCH_ICON), h('span', { class: 'ask-search-sr' }, label));
    this.close = h('button', { type: 'button', class: 'ask-search-close', 'aria-label': 'Esc: close search' }, 'Esc');
    this.warning = h('p', { class: 'ask-search-warning', role: 'status', hidden: true });
    this.error = h('p', { class: 'ask-search-error', role: 'alert', hidden: true });
    this.empty = h('p', { class: 'ask-search-empty', hidden: true });
    // the answer above the results, so that it is in view as it streams; Tab from the input goes
    // to the Ask row by its own key handler, the answer's links and sources follow in DOM order
    const body = h('div', { class: 'ask-search-body' }, this.warning, this.error, this.answer.element, this.empty, this.listbox.element);
    const help = h(
      'p',
      { class: 'ask-search-footer', id: `${id}-help` },
      h('span', {}, h('kbd', {}, '↑'), h('kbd', {}, '↓'), ' to move'),
      h('span', {}, h('kbd', {}, 'Enter'), ' to open'),
      h('span', {}, h('kbd', {}, 'Tab'), ' to Ask'),
      h('span', {}, h('kbd', {}, 'Esc'), ' to close'),
    );
    this.dialog = h(
      'dialog',
      { class: 'ask-search-panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': field.id },
      h('div', { class: 'ask-search-bar' }, field, this.input, this.close),
      body,
      help,
    );
  }

  /** Keeps `aria-expanded` in step with whether the listbox shows options. */
  syncExpanded(): void {
    this.input.setAttribute('aria-expanded', String(this.listbox.size > 0));
  }

  showWarning(text: string | undefined): void {
    this.warning.textContent = text ?? '';
    this.warning.hidden = text === undefined;
  }

  showError(text: string | undefined): void {
    this.error.textContent = text ?? '';
    this.error.hidden = text === undefined;
  }

  /** The "no results" line for `query`, or none. */
  showEmpty(query: string | undefined): void {
    this.empty.textContent = query === undefined ? '' : `No results for “${query}”.`;
    this.empty.hidden = query === undefined;
  }

  /** Scrolls the panel (never the page) to show the answer. */
  revealAnswer(): void {
    reveal(this.answer.element);
  }
}
