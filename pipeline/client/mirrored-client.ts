import { mirrorDigest, type MirrorLimits, type MirrorResult } from '../mcp/mirror.ts';
import { localAskClient, type AskClient, type LocalAskClientOptions } from './ask-client.ts';

export interface MirroredAskClient {
  readonly client: AskClient;
  readonly mirror: MirrorResult;
}

/**
 * A client over a local mirror of the remote ask tree at `endpoint`: the archive is mirrored into
 * `cacheDir` (HEAD first, downloaded only when its content hash changed), then served in-process by
 * the same handler, so every answer (agentic ones included) is computed here from the mirrored digest.
 */
export async function mirroredAskClient(
  endpoint: string,
  cacheDir: string,
  options: LocalAskClientOptions & { readonly fetch?: typeof fetch; readonly limits?: MirrorLimits } = {},
): Promise<MirroredAskClient> {
  const mirror = await mirrorDigest(endpoint, cacheDir, options.fetch, options.limits);
  const client = localAskClient(mirror.digestDir, options.processEnv === undefined ? {} : { processEnv: options.processEnv });
  return { client: { ...client, where: endpoint }, mirror };
}
