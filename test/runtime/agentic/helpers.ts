import { createParser } from 'eventsource-parser';
import { afterEach, beforeEach } from 'vitest';
import { streamAgenticAnswer, type AgenticAnswerOptions, type SearchHit } from '../../../pipeline/runtime/agentic/index.ts';
import type { DigestNode } from '../../../pipeline/types.ts';
import type { FakeModelServer } from '../../support/fake-model-server.ts';
import { FAKE_KEY, FAKES, type FakeProvider } from '../../support/fake-providers.ts';

function node(id: string, heading: string, mode: DigestNode['mode'], terms: string[]): DigestNode {
  const url = `/${id}`;
  return {
    id,
    kind: 'section',
    title: 'Running the server',
    heading,
    group: 'guide',
    url,
    summary: `About ${heading.toLowerCase()}.`,
    facts: [{ kind: 'code', literal: '--port 0', chunkId: id }],
    sources: [{ chunkId: id, url, anchor: id.split('#')[1] ?? null }],
    mode,
    terms,
    markdown: `## ${heading}\n\nAbout ${heading.toLowerCase()}.\n`,
  };
}

/** A three-section docs set the fake model "researches". */
export const NODES: readonly DigestNode[] = [
  node('guide/server#change-the-port', 'Change the port', 'agent-primary', ['port', 'listen']),
  node('guide/server#options', 'Options', 'source-primary', ['flags', 'options']),
  node('guide/proxy#behind-a-proxy', 'Behind a proxy', 'agent-primary', ['proxy']),
];

/** Word-overlap search over NODES (the real scorer is passed in by the handler). */
export function search(query: string): SearchHit[] {
  const words = query.toLowerCase().split(/\W+/).filter((w) => w.length > 2);
  return NODES.filter((n) => words.some((w) => `${n.heading ?? ''} ${n.terms.join(' ')}`.toLowerCase().includes(w))).map((n) => ({
    id: n.id,
    title: n.title,
    ...(n.heading === null ? {} : { heading: n.heading }),
    url: n.url,
    ...(n.group === null ? {} : { group: n.group }),
    snippet: n.summary,
  }));
}

export function openSection(id: string) {
  const found = NODES.find((n) => n.id === id);
  return found ? { node: found, sourceText: `## ${found.heading ?? ''}\n\n| flag | meaning |\n| --port | the port |\n` } : null;
}

export interface Frame {
  readonly event: string;
  readonly data: Record<string, unknown>;
  readonly raw: string;
}

/** Reads a whole SSE stream into frames (with eventsource-parser, as a client would). */
export async function readFrames(stream: ReadableStream<Uint8Array>): Promise<{ frames: Frame[]; raw: string }> {
  const frames: Frame[] = [];
  const parser = createParser({
    onEvent: (e) => frames.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as Record<string, unknown>, raw: e.data }),
  });
  const decoder = new TextDecoder();
  let raw = '';
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const text = decoder.decode(chunk.value, { stream: true });
    raw += text;
    parser.feed(text);
  }
  return { frames, raw };
}

export function answerText(frames: readonly Frame[]): string {
  return frames.filter((f) => f.event === 'token').map((f) => String(f.data.text)).join('');
}

/** Starts the fake of `provider` around each test. */
export function useFake(provider: FakeProvider): () => FakeModelServer {
  let server: FakeModelServer | undefined;
  beforeEach(async () => {
    server = await FAKES[provider]();
  });
  afterEach(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('fake server not started');
    return server;
  };
}

/** An answer stream against `fake` with the recognisable key and fast SDK retries. */
export function answer(provider: FakeProvider, fake: FakeModelServer, options: Partial<AgenticAnswerOptions> = {}) {
  return streamAgenticAnswer({
    query: 'How do I change the port?',
    provider,
    model: 'loop-model',
    apiKey: FAKE_KEY,
    baseUrl: fake.url,
    search,
    openSection,
    maxRetries: 1,
    timeoutMs: 5_000,
    ...options,
  });
}
