import type { DigestNode } from '../../types.ts';
import type { Source } from './sse.ts';

/** A keyword search result as the loop receives it (the scorer's SectionHit fits). */
export interface SearchHit {
  readonly id: string;
  readonly title: string;
  readonly heading?: string;
  readonly url: string;
  readonly group?: string;
  readonly snippet: string;
}

/**
 * The grounding source set: every section the loop showed the model (search hits and
 * opened sections), once per url, in the order first seen. Opened sections add their terms.
 */
export class SourceSet {
  readonly #byUrl = new Map<string, Source>();

  addHit(hit: SearchHit): void {
    if (this.#byUrl.has(hit.url)) return;
    this.#byUrl.set(hit.url, {
      url: hit.url,
      title: hit.title,
      ...(hit.heading ? { heading: hit.heading } : {}),
      ...(hit.group ? { group: hit.group } : {}),
    });
  }

  addNode(node: DigestNode): void {
    const known = this.#byUrl.get(node.url);
    this.#byUrl.set(node.url, {
      url: node.url,
      title: known?.title ?? node.title,
      ...(node.heading ? { heading: node.heading } : {}),
      ...(node.group ? { group: node.group } : {}),
      ...(node.terms.length > 0 ? { terms: [...node.terms] } : {}),
    });
  }

  get size(): number {
    return this.#byUrl.size;
  }

  urls(): string[] {
    return [...this.#byUrl.keys()];
  }

  list(): Source[] {
    return [...this.#byUrl.values()];
  }
}
