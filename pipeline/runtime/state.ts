import type { AskData } from './digest-data.ts';

export interface StateOptions {
  /** Loads and parses the digest; called once per instance (again only after a failure). */
  readonly load: () => Promise<AskData>;
  /** The content hash of the live content, when the host can compute it (Node with a content folder). */
  readonly liveContentHash?: () => Promise<string | null>;
  readonly log: (line: string) => void;
}

/**
 * The spec's one lifecycle: "index not built" until the first request, then "built", cached
 * for the life of the instance. Concurrent first requests share one build. A failed build is
 * not cached: that request answers 500 and the next request tries again (a digest fixed on
 * disk is picked up without a restart). On the first successful build the live content hash
 * is compared with the digest's, and a mismatch logs one warning.
 */
export function createIndexState(options: StateOptions): () => Promise<AskData> {
  let built: Promise<AskData> | null = null;
  const build = async (): Promise<AskData> => {
    const data = await options.load();
    const live = options.liveContentHash ? await options.liveContentHash().catch(() => null) : null;
    if (live !== null && live !== data.contentHash) {
      options.log(
        `ask: the digest is stale: live content hash ${live} differs from the digest's ${data.contentHash}; run 'ask digest build'`,
      );
    }
    return data;
  };
  return () => {
    if (built === null) {
      built = build();
      built.catch(() => {
        built = null;
      });
    }
    return built;
  };
}
