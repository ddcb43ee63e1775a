import path from 'node:path';
import { createNodeAskHandler } from '../adapters/node.ts';
import { CommandFailure, UsageError } from './io.ts';

/** Where the read commands get their answers: a remote ask tree, or a local digest served in-process. */
export interface AskClient {
  /** Sends a request for `route` (relative to the ask tree, e.g. `/glossary`) and returns the Response. */
  readonly request: (route: string, init?: RequestInit) => Promise<Response>;
  readonly where: string;
}

/**
 * `--endpoint URL` talks HTTP to a running ask tree; `--digest DIR` (the default, `digest`)
 * serves that folder with the same handler in this process, so both answer identically.
 */
export function askClient(command: string, values: { endpoint?: string | undefined; digest?: string | undefined }, cwd: string): AskClient {
  if (values.endpoint !== undefined && values.digest !== undefined) {
    throw new UsageError(`ask ${command}: give --endpoint URL or --digest DIR, not both`);
  }
  if (values.endpoint !== undefined) {
    if (!URL.canParse(values.endpoint) || !/^https?:$/.test(new URL(values.endpoint).protocol)) {
      throw new UsageError(`ask ${command}: --endpoint must be the http(s) URL of the ask tree, e.g. https://docs.example.com/api/ask`);
    }
    const base = values.endpoint.replace(/\/+$/, '');
    return {
      where: base,
      request: async (route, init) => {
        try {
          return await fetch(`${base}${route}`, init);
        } catch (error) {
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : 'no answer';
          throw new CommandFailure(`ask: cannot reach ${base} (${cause}); check --endpoint`);
        }
      },
    };
  }
  const digestDir = path.resolve(cwd, values.digest ?? 'digest');
  const handler = createNodeAskHandler({ digestDir, endpoint: '/api/ask', log: () => {} });
  return { where: digestDir, request: (route, init) => handler(new Request(`http://local/api/ask${route}`, init)) };
}

/** The JSON body of a successful answer, or a CommandFailure carrying the Error body's message. */
export async function answerJson(response: Response, what: string): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const message = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  throw new CommandFailure(`ask: ${what}: ${message}`);
}
