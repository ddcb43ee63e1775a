import path from 'node:path';
import { localAskClient, remoteAskClient, type AskClient } from '../client/ask-client.ts';
import { CommandFailure, UsageError } from './io.ts';

/**
 * `--endpoint URL` talks HTTP to a running ask tree; `--digest DIR` (the default: the config's
 * `out`, else `digest`) serves that folder with the same handler in this process, so both answer
 * identically. Both given is refused by the declaration (`conflicts`).
 */
export function askClient(command: string, values: { endpoint?: string | undefined; digest?: string | undefined }, cwd: string): AskClient {
  if (values.endpoint !== undefined) {
    if (!URL.canParse(values.endpoint) || !/^https?:$/.test(new URL(values.endpoint).protocol)) {
      throw new UsageError(`ask ${command}: --endpoint must be the http(s) URL of the ask tree, e.g. https://docs.example.com/api/ask`);
    }
    const base = values.endpoint.replace(/\/+$/, '');
    return remoteAskClient(base, (cause) => new CommandFailure(`ask: cannot reach ${base} (${cause}); check --endpoint`));
  }
  return localAskClient(path.resolve(cwd, values.digest ?? 'digest'));
}

/** The JSON body of a successful answer, or a CommandFailure carrying the Error body's message. */
export async function answerJson(response: Response, what: string): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const message = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  throw new CommandFailure(`ask: ${what}: ${message}`);
}
