import { h } from './dom.ts';

/**
 * The rating under a finished answer, offered only where the server takes feedback
 * (feedback.ts): "Helpful" and "Not helpful", toggle buttons (`aria-pressed`) in the Tab order.
 * One rating per answer: the chosen one stays pressed, both are then inert (`aria-disabled`, not
 * `disabled`, so that the focus stays where it is) and a status line thanks the reader.
 */
export class AnswerRating {
  readonly element: HTMLElement;
  private readonly helpful: HTMLButtonElement;
  private readonly unhelpful: HTMLButtonElement;
  private readonly status: HTMLSpanElement;
  private send: ((helpful: boolean) => void) | undefined;

  constructor() {
    this.helpful = h('button', { type: 'button', class: 'ask-search-rate', 'aria-pressed': 'false' }, 'Helpful');
    this.unhelpful = h('button', { type: 'button', class: 'ask-search-rate', 'aria-pressed': 'false' }, 'Not helpful');
    this.status = h('span', { class: 'ask-search-rating-status', role: 'status' });
    this.element = h(
      'div',
      { class: 'ask-search-rating', role: 'group', 'aria-label': 'Rate this answer', hidden: true },
      h('span', { class: 'ask-search-rating-label' }, 'Was this answer helpful?'),
      this.helpful,
      this.unhelpful,
      this.status,
    );
    this.helpful.addEventListener('click', () => this.rate(true));
    this.unhelpful.addEventListener('click', () => this.rate(false));
  }

  /** Shows the buttons under a finished answer; `send` is called once, with the reader's rating. */
  offer(send: (helpful: boolean) => void): void {
    this.reset();
    this.send = send;
    this.element.hidden = false;
  }

  /** Hides the buttons and forgets any rating (a new answer). */
  reset(): void {
    this.send = undefined;
    this.element.hidden = true;
    this.status.textContent = '';
    for (const button of [this.helpful, this.unhelpful]) {
      button.setAttribute('aria-pressed', 'false');
      button.removeAttribute('aria-disabled');
    }
  }

  private rate(helpful: boolean): void {
    const send = this.send;
    if (send === undefined) return;
    this.send = undefined;
    (helpful ? this.helpful : this.unhelpful).setAttribute('aria-pressed', 'true');
    for (const button of [this.helpful, this.unhelpful]) button.setAttribute('aria-disabled', 'true');
    this.status.textContent = 'Thanks for the feedback.';
    send(helpful);
  }
}
