/**
 * The actions the workflows use, each pinned by its full commit SHA (a tag can be moved to other
 * code; a commit cannot), its release written beside it as a comment. Bump them together, with
 * the release's SHA from the action's own repository (`git ls-remote --tags`).
 */

export interface PinnedAction {
  readonly repository: string;
  readonly sha: string;
  readonly release: string;
}

export const ACTIONS = {
  checkout: { repository: 'actions/checkout', sha: 'de0fac2e4500dabe0009e67214ff5f5447ce83dd', release: 'v6.0.2' },
  setupNode: { repository: 'actions/setup-node', sha: '6044e13b5dc448c55e2357c09f80417699197238', release: 'v6.2.0' },
  cache: { repository: 'actions/cache', sha: '55cc8345863c7cc4c66a329aec7e433d2d1c52a9', release: 'v6.1.0' },
  uploadArtifact: { repository: 'actions/upload-artifact', sha: '043fb46d1a93c77aae656e7c1c64a875d1fc6a0a', release: 'v7.0.1' },
  downloadArtifact: { repository: 'actions/download-artifact', sha: '3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c', release: 'v8.0.1' },
  setupBun: { repository: 'oven-sh/setup-bun', sha: '735343b667d3e6f658f44d0eca948eb6282f2b76', release: 'v2.0.2' },
} as const satisfies Readonly<Record<string, PinnedAction>>;

export type ActionName = keyof typeof ACTIONS;

/** A step's `uses:` value for the action. */
export function uses(action: ActionName): string {
  const { repository, sha } = ACTIONS[action];
  return `${repository}@${sha}`;
}

/** The release an `owner/name@sha` reference is pinned to, for the comment beside it; undefined for another. */
export function releaseOf(reference: string): string | undefined {
  return Object.values(ACTIONS).find((action) => reference === `${action.repository}@${action.sha}`)?.release;
}

/** The Node.js the workflows run: the current LTS line. */
export const NODE_VERSION = 24;
