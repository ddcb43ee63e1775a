import { knownWarning, NO_KEY_NOTE, rememberWarning } from './answer-availability.ts';
import { AskFlow } from './ask-flow.ts';
import { h, icon, isTypingTarget, SEARCH_ICON } from './dom.ts';
import { resultPath, sendFeedback } from './feedback.ts';
import { endpointState, KeywordSearch } from './keyword.ts';
import type { OptionAction } from './listbox.ts';
import { previewUrl } from './links.ts';
import { navigationFor } from './navigate.ts';
import { Panel } from './panel.ts';
import type { KeywordResponse } from './types.ts';

let instances = 0;

/** Adds the stylesheet next to this module unless the page already links one. */
function ensureStylesheet(): void {
  if (document.querySelector('link[href*="ask-search.css"], style[data-ask-search]') !== null) return;
  document.head.append(h('link', { rel: 'stylesheet', href: new URL('./ask-search.css', import.meta.url).href }));
}

function isApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** What a page (or TypeScript) sees of an `<ask-search>` element. */
export interface AskSearchElement extends HTMLElement {
  /** The ask endpoint (`endpoint` attribute, default `/api/ask`). */
  readonly endpoint: string;
  readonly isOpen: boolean;
  open(): void;
  /** Closes the panel; focus goes back where it was unless `restoreFocus` is false. */
  close(restoreFocus?: boolean): void;
}

/**
 * The class of `<ask-search endpoint="/api/ask" placeholder="Search the docs" hotkey="k"
 * site-url="https://docs.example.com">`: a search button that opens a modal combobox. Empty:
 * suggestions (`GET {endpoint}`). Typing: keyword results (`POST {endpoint}` in keyword mode),
 * grouped by page. The Ask row streams the agentic answer. Light DOM only.
 *
 * No key on the server: the element learns it before any Ask from the `x-ask-answers: keyword`
 * header of `GET {endpoint}` (fetched with the suggestions when the panel opens; our runtime
 * sends it), else from the reply to an Ask (keyword JSON with a `warning`, spec §4 rule 3), and
 * keeps it for the browsing session (answer-availability.ts): the Ask row shows it before it is
 * chosen, on every page of the site.
 *
 * `site-url` (a preview of a site whose digest has production addresses): every result, source
 * and answer link that starts with it is shown pointing at the same path on this page's origin.
 *
 * Feedback (feedback.ts), only where the server's answer carries `x-ask-feedback` (its query log
 * is on): opening a result sends the query, the result's path and rank; a finished answer offers
 * "Helpful" / "Not helpful" (answer-rating.ts). Without the header nothing is shown or sent.
 *
 * Made by a function, called only where the DOM exists (ask-search.ts): no DOM global is
 * touched when the module is imported.
 */
export function askSearchClass(): new () => AskSearchElement {
  return class AskSearch extends HTMLElement implements AskSearchElement {
    private readonly uid = `ask-search-${(instances += 1)}`;
    private trigger: HTMLButtonElement | undefined;
    private panel: Panel | undefined;
    private returnFocus: HTMLElement | null = null;
    private flow: AskFlow | undefined;
    /** Where feedback on the results shown goes, and their query; undefined when the server did not say it takes it. */
    private feedback: { readonly route: string; readonly query: string } | undefined;
    private readonly keyword = new KeywordSearch(() => this.endpoint, {
      results: (response, query, feedback) => this.showKeyword(response, query, feedback),
      failed: (error) => this.panel?.showError(error.message),
    });

    get endpoint(): string {
      return this.getAttribute('endpoint') || '/api/ask';
    }

    private get label(): string {
      return this.getAttribute('placeholder') || 'Search the docs';
    }

    private get hotkey(): string {
      return (this.getAttribute('hotkey') || 'k').toLowerCase();
    }

    connectedCallback(): void {
      ensureStylesheet();
      // a trigger already in the markup (server-rendered) is used as it is
      this.trigger ??= this.querySelector<HTMLButtonElement>(':scope > button.ask-search-trigger') ?? undefined;
      if (this.trigger === undefined) {
        const keys = h('kbd', { class: 'ask-search-keys', 'aria-hidden': 'true' }, `${isApple() ? '⌘' : 'Ctrl'} ${this.hotkey.toUpperCase()}`);
        this.trigger = h('button', { type: 'button', class: 'ask-search-trigger', 'aria-haspopup': 'dialog' }, icon(SEARCH_ICON), h('span', { class: 'ask-search-trigger-text' }, this.label), keys);
        this.prepend(this.trigger);
      }
      this.trigger.onclick = () => this.open();
      this.trigger.setAttribute('aria-keyshortcuts', `Control+${this.hotkey.toUpperCase()} Meta+${this.hotkey.toUpperCase()} /`);
      document.addEventListener('keydown', this.onDocumentKey);
    }

    disconnectedCallback(): void {
      document.removeEventListener('keydown', this.onDocumentKey);
      this.close(false);
    }

    get isOpen(): boolean {
      return this.panel?.dialog.open === true;
    }

    open(): void {
      if (this.isOpen) return;
      const panel = (this.panel ??= this.createPanel());
      const active = document.activeElement;
      this.returnFocus = active instanceof HTMLElement && active !== document.body ? active : this.trigger ?? null;
      if (!panel.dialog.isConnected) this.append(panel.dialog);
      panel.listbox.setAskNote(knownWarning(this.endpoint));
      this.learnAnswers(panel);
      panel.dialog.showModal();
      panel.input.focus();
      panel.input.select();
      if (panel.input.value.trim() === '') this.showSuggestions();
    }

    /** Closes the panel; focus goes back where it was unless `restoreFocus` is false. */
    close(restoreFocus = true): void {
      this.keyword.cancel();
      this.flow?.stop();
      const panel = this.panel;
      if (panel === undefined || !panel.dialog.isConnected) return;
      if (panel.dialog.open) panel.dialog.close();
      panel.dialog.remove();
      const target = this.returnFocus;
      this.returnFocus = null;
      if (restoreFocus && target?.isConnected) target.focus();
    }

    private readonly onDocumentKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      const hotkey = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === this.hotkey;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !this.isOpen && !isTypingTarget(event.composedPath()[0] ?? null);
      if (!hotkey && !slash) return;
      event.preventDefault();
      if (hotkey && this.isOpen) this.close();
      else this.open();
    };

    /** Where a link to `url` is shown pointing: on this page's origin when it is under `site-url`. */
    private readonly shownUrl = (url: string): string => previewUrl(url, this.getAttribute('site-url'), location.origin);

    private createPanel(): Panel {
      const panel = new Panel(this.uid, this.label, this.shownUrl);
      this.flow = new AskFlow(panel, () => this.endpoint, (response, query, feedback) => this.showKeyword(response, query, feedback));
      const { dialog, input, listbox } = panel;
      input.addEventListener('input', () => this.onInput());
      input.addEventListener('keydown', (event) => this.onInputKey(event));
      dialog.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || event.isComposing) return;
        event.preventDefault();
        this.close();
      });
      // the browser's own Escape handling of a modal dialog, routed through close() for the focus return
      dialog.addEventListener('cancel', (event) => {
        event.preventDefault();
        this.close();
      });
      // a click on the backdrop lands on the dialog itself (its content fills it); a text selection
      // dragged out of the panel ends there too, so the press must have started on the backdrop
      let pressedBackdrop = false;
      dialog.addEventListener('pointerdown', (event) => (pressedBackdrop = event.target === dialog));
      dialog.addEventListener('click', (event) => {
        if (event.target === dialog && pressedBackdrop) this.close();
      });
      panel.close.addEventListener('click', () => this.close());
      listbox.element.addEventListener('click', (event) => {
        const hit = listbox.optionAt(event.target);
        if (hit === undefined) return;
        // a modified click on a result keeps the browser's behaviour (new tab, new window): opened all the same
        if (hit.action.kind === 'result' && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) {
          this.sendOpen(hit.action);
          return;
        }
        event.preventDefault();
        this.choose(hit.action);
      });
      listbox.element.addEventListener('pointermove', (event) => {
        const hit = listbox.optionAt(event.target);
        if (hit !== undefined && hit.index !== -1 && hit.index !== listbox.activeIndex) listbox.setActive(hit.index);
      });
      listbox.element.addEventListener('keydown', (event) => this.onAskRowKey(event));
      return panel;
    }

    private onInput(): void {
      const panel = this.panel;
      if (panel === undefined) return;
      const query = panel.input.value;
      this.flow?.stop();
      panel.answer.hide();
      panel.showWarning(undefined);
      panel.showError(undefined);
      panel.showEmpty(undefined);
      if (query.trim() === '') {
        this.keyword.cancel();
        this.showSuggestions();
        return;
      }
      panel.listbox.setAskQuery(query);
      panel.syncExpanded();
      this.keyword.search(query);
    }

    private onInputKey(event: KeyboardEvent): void {
      const panel = this.panel;
      if (panel === undefined || event.isComposing) return;
      const { listbox } = panel;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        listbox.move(event.key === 'ArrowDown' ? 1 : -1);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        const action = listbox.activeAction() ?? (panel.input.value.trim() === '' ? undefined : listbox.firstAction());
        if (action !== undefined) this.choose(action);
      } else if (event.key === 'Tab' && !event.shiftKey) {
        const row = listbox.activateAsk();
        if (row === undefined) return;
        event.preventDefault();
        row.focus();
      }
    }

    /** Keys on the focused Ask row (reached with Tab). */
    private onAskRowKey(event: KeyboardEvent): void {
      const panel = this.panel;
      const hit = panel?.listbox.optionAt(event.target);
      if (panel === undefined || hit === undefined || event.target !== document.activeElement) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        this.choose(hit.action);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || (event.key === 'Tab' && event.shiftKey)) {
        event.preventDefault();
        panel.input.focus();
        if (event.key !== 'Tab') panel.listbox.move(event.key === 'ArrowDown' ? 1 : -1);
      } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // typing goes on in the input
        panel.input.focus();
      }
    }

    private choose(action: OptionAction): void {
      const panel = this.panel;
      if (panel === undefined) return;
      if (action.kind === 'ask') {
        void this.flow?.run(action.query);
        return;
      }
      if (action.kind === 'suggestion') {
        panel.input.value = action.text;
        panel.input.focus();
        panel.listbox.setAskQuery(action.text);
        this.keyword.search(action.text);
        void this.flow?.run(action.text);
        return;
      }
      // sent first: a beacon outlives the page, and never holds the navigation back
      this.sendOpen(action);
      const move = navigationFor(action.href, location.href);
      this.close(false);
      if (move.kind === 'assign') {
        location.assign(move.href);
        return;
      }
      if (location.hash === move.hash) document.getElementById(decodeURIComponent(move.hash.slice(1)))?.scrollIntoView();
      else location.hash = move.hash;
    }

    /** Tells the server a result was opened, when it takes feedback on the results shown. */
    private sendOpen(action: Extract<OptionAction, { kind: 'result' }>): void {
      const shown = this.feedback;
      const url = resultPath(action.url, location.href);
      if (shown === undefined || url === undefined || action.rank < 1) return;
      sendFeedback(shown.route, { event: 'open', query: shown.query, url, rank: action.rank });
    }

    /** What `GET {endpoint}` says of answers, kept and shown on the Ask row (a server that does not say leaves what is known). */
    private learnAnswers(panel: Panel): void {
      endpointState(this.endpoint).then(
        ({ answers }) => {
          if (answers === undefined) return;
          const note = answers === 'keyword' ? (knownWarning(this.endpoint) ?? NO_KEY_NOTE) : undefined;
          rememberWarning(this.endpoint, note);
          panel.listbox.setAskNote(note);
        },
        () => undefined,
      );
    }

    private showSuggestions(): void {
      const panel = this.panel;
      if (panel === undefined) return;
      panel.listbox.clear();
      panel.syncExpanded();
      endpointState(this.endpoint).then(
        ({ suggestions }) => {
          if (panel.input.value.trim() !== '') return;
          panel.listbox.showSuggestions(suggestions);
          panel.syncExpanded();
        },
        () => undefined,
      );
    }

    private showKeyword(response: KeywordResponse, query: string, feedback: string | undefined): void {
      const panel = this.panel;
      if (panel === undefined || panel.input.value !== query) return;
      this.feedback = feedback === undefined ? undefined : { route: feedback, query };
      panel.listbox.showResults(response.results, query);
      panel.showEmpty(response.results.length === 0 ? query : undefined);
      panel.syncExpanded();
    }
  };
}
