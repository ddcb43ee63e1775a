import { rememberWarning } from './answer-availability.ts';
import { postAsk } from './answer-stream.ts';
import { sendFeedback } from './feedback.ts';
import { isAbort } from './http.ts';
import type { Panel } from './panel.ts';
import type { AskEvent, KeywordResponse } from './types.ts';

/**
 * One Ask at a time: `run(query)` aborts the running one, sends `{ query, mode: 'agentic' }`
 * and shows what comes back: keyword JSON (no key on the server) as results under a one-line
 * warning, or the stream as steps, sources and the growing answer; an `error` event or a failed
 * request is said in one line and what arrived is kept. What the reply says of answers being
 * available is remembered (answer-availability.ts) and shown on the Ask row. An answer that
 * finished (`done`) gets the rating buttons when the reply said the server takes feedback.
 */
export class AskFlow {
  private running: AbortController | undefined;

  constructor(
    private readonly panel: Panel,
    private readonly endpoint: () => string,
    private readonly showKeyword: (response: KeywordResponse, query: string, feedback: string | undefined) => void,
  ) {}

  /** Aborts a running answer; what arrived stays rendered, no longer busy. */
  stop(): void {
    if (this.running === undefined) return;
    this.running.abort();
    this.running = undefined;
    this.panel.answer.finish();
  }

  async run(query: string): Promise<void> {
    const { panel } = this;
    if (query.trim() === '') return;
    this.stop();
    const controller = new AbortController();
    this.running = controller;
    panel.showWarning(undefined);
    panel.showError(undefined);
    panel.answer.start(query);
    panel.revealAnswer();
    try {
      const outcome = await postAsk(this.endpoint(), query, controller.signal);
      if (controller.signal.aborted) return;
      const warning = outcome.kind === 'keyword' ? outcome.response.warning : undefined;
      rememberWarning(this.endpoint(), warning);
      panel.listbox.setAskNote(warning);
      if (outcome.kind === 'keyword') {
        panel.answer.hide();
        panel.showWarning(outcome.response.warning);
        this.showKeyword(outcome.response, query, outcome.feedback);
        return;
      }
      let ended = false;
      let done = false;
      for await (const event of outcome.events) {
        if (controller.signal.aborted) return;
        ended = this.show(event) || ended;
        done ||= event.type === 'done';
      }
      if (controller.signal.aborted) return;
      panel.answer.finish();
      if (!ended) panel.showError('The answer stopped before it was complete.');
      const route = outcome.feedback;
      if (done && route !== undefined) panel.answer.offerRating((helpful) => sendFeedback(route, { event: 'rating', query, helpful }));
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      panel.answer.finish();
      panel.showError(error instanceof Error ? error.message : String(error));
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  /** Shows one stream event; true when it ends the answer. */
  private show(event: AskEvent): boolean {
    const { panel } = this;
    switch (event.type) {
      case 'search':
        panel.answer.addStep(event.query);
        return false;
      case 'sources':
        panel.answer.setSources(event.sources);
        return false;
      case 'token':
        panel.answer.appendToken(event.text);
        return false;
      case 'done':
        return true;
      case 'error':
        panel.showError(event.error);
        return true;
    }
  }
}
