import { AnswerRating } from './answer-rating.ts';
import { h } from './dom.ts';
import { sourceLinkPolicy, webUrl, type LinkPolicy } from './links.ts';
import { markdownFragment } from './markdown-dom.ts';
import { parseMarkdown } from './markdown.ts';
import type { Source } from './types.ts';

/**
 * The Ask answer: the research steps (one `li` per `search` event), the answer's Markdown
 * rendered again as tokens arrive, at most once a frame, and the sources. The Markdown becomes
 * DOM nodes directly (markdown.ts, markdown-dom.ts: no HTML is parsed, so nothing needs
 * sanitising); answer links stay links only when they point at a source (links.ts). Source and
 * answer links are shown through `shownUrl` (a preview's own origin, see `site-url`). Under a
 * finished answer, the rating buttons when the server takes feedback (answer-rating.ts).
 */
export class AnswerView {
  readonly element: HTMLElement;
  private readonly steps: HTMLOListElement;
  private readonly answer: HTMLDivElement;
  private readonly sourceList: HTMLUListElement;
  private readonly sourceBlock: HTMLElement;
  private readonly status: HTMLParagraphElement;
  private readonly rating = new AnswerRating();
  private markdown = '';
  private policy: LinkPolicy = () => false;
  private frame: number | undefined;

  constructor(
    id: string,
    private readonly shownUrl: (url: string) => string,
  ) {
    this.status = h('p', { class: 'ask-search-status' });
    this.steps = h('ol', { class: 'ask-search-steps', 'aria-label': 'Research steps' });
    this.answer = h('div', { class: 'ask-search-answer', 'aria-live': 'polite', 'aria-busy': 'false' });
    this.sourceList = h('ul', { class: 'ask-search-sources', 'aria-labelledby': `${id}-sources` });
    this.sourceBlock = h('div', { class: 'ask-search-sources-block', hidden: true }, h('p', { class: 'ask-search-section-label', id: `${id}-sources` }, 'Sources'), this.sourceList);
    this.element = h('section', { class: 'ask-search-ask', 'aria-label': 'Answer', hidden: true }, this.status, this.steps, this.answer, this.sourceBlock, this.rating.element);
  }

  /** Empties the view and shows it for a new answer. */
  start(query: string): void {
    this.cancelFrame();
    this.markdown = '';
    this.setSources([]);
    this.steps.replaceChildren();
    this.answer.replaceChildren();
    this.rating.reset();
    this.answer.setAttribute('aria-busy', 'true');
    this.status.textContent = `Researching: ${query}`;
    this.status.hidden = false;
    this.element.hidden = false;
  }

  hide(): void {
    this.cancelFrame();
    this.answer.setAttribute('aria-busy', 'false');
    this.element.hidden = true;
  }

  addStep(query: string): void {
    this.steps.append(h('li', {}, query));
  }

  /** The sources: listed as links (http(s) ones only) and made the only targets answer links may keep. */
  setSources(sources: readonly Source[]): void {
    const base = document.baseURI;
    this.policy = sourceLinkPolicy(
      sources.map((source) => source.url),
      base,
    );
    const items = sources.flatMap((source) => {
      const href = webUrl(source.url, base);
      if (href === undefined) return [];
      const label = [source.title, source.heading].filter((part) => part !== undefined && part !== '').join(' › ') || source.url;
      return [h('li', {}, h('a', { href: this.shownUrl(source.url) }, label))];
    });
    this.sourceList.replaceChildren(...items);
    this.sourceBlock.hidden = items.length === 0;
  }

  appendToken(text: string): void {
    this.markdown += text;
    this.status.hidden = true;
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.paint();
    });
  }

  /** The answer is over (done, error or abort): what arrived is rendered and kept. */
  finish(): void {
    this.cancelFrame();
    this.paint();
    this.status.hidden = true;
    this.answer.setAttribute('aria-busy', 'false');
  }

  /** Offers the rating under the finished answer; `send` gets the reader's one rating. */
  offerRating(send: (helpful: boolean) => void): void {
    this.rating.offer(send);
  }

  private paint(): void {
    const tree = parseMarkdown(this.markdown, (href) => (this.policy(href) ? this.shownUrl(href) : undefined));
    this.answer.replaceChildren(markdownFragment(tree, document));
  }

  private cancelFrame(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }
}
