/**
 * A fake `gh` for the workflow harness, first on the runner's PATH: the calls the workflows make
 * (`gh api` on a pull request, its comments and a comment; `gh pr list`, `gh pr create`), each
 * recorded with the token it came with, against one state file: pull requests (their head read
 * from the bare repository that plays GitHub, as the API would) and comments, so a second run
 * finds the comment of the first. Like GitHub it refuses a body over 65,536 characters, a call
 * without `GH_TOKEN`, a write with a read-only token, an edit of another user's comment, a pull
 * request from a branch that is not there; any other call fails loudly. The CLI is
 * fake-gh-cli.ts.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FakeToken {
  /** Who the API says the token is. */
  readonly login: string;
  /** False for the read-only token of a pull request from a fork. */
  readonly write: boolean;
}

export interface FakePull {
  readonly number: number;
  readonly title: string;
  readonly body: string;
  readonly user: string;
  readonly headRef: string;
  /** `owner/name` of the head's repository (another one for a fork). */
  readonly headRepository: string;
  readonly baseRef: string;
  readonly state: 'open' | 'closed';
}

export interface FakeComment {
  readonly id: number;
  readonly issue: number;
  readonly body: string;
  readonly user: string;
  /** How many times it was written: 1 when created, +1 per edit. */
  readonly revisions: number;
}

export interface GhCall {
  readonly argv: readonly string[];
  readonly token: string;
}

export interface GhState {
  readonly repository: string;
  /** The bare repository playing GitHub's copy (heads of pull requests are read from it). */
  readonly origin: string;
  readonly tokens: Readonly<Record<string, FakeToken>>;
  readonly pulls: readonly FakePull[];
  readonly comments: readonly FakeComment[];
  readonly nextId: number;
  readonly calls: readonly GhCall[];
}

/** GitHub's cap on a comment's or a pull request's body. */
export const BODY_LIMIT = 65_536;

export interface FakeGh {
  /** The folder to put first on PATH. */
  readonly bin: string;
  /** The state file (`FAKE_GH_STATE`). */
  readonly stateFile: string;
  read(): Promise<GhState>;
  update(change: (state: GhState) => GhState): Promise<void>;
}

/** Writes the `gh` wrapper into `dir/bin` and the initial state; returns the handle. */
export async function fakeGh(dir: string, initial: Omit<GhState, 'nextId' | 'calls'>): Promise<FakeGh> {
  const bin = path.join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const stateFile = path.join(dir, 'gh-state.json');
  const loader = import.meta.resolve('tsx');
  const cli = path.join(import.meta.dirname, 'fake-gh-cli.ts');
  await writeFile(path.join(bin, 'gh'), `#!/bin/sh\nexec "${process.execPath}" --import "${loader}" "${cli}" "$@"\n`);
  await chmod(path.join(bin, 'gh'), 0o755);
  const read = async (): Promise<GhState> => JSON.parse(await readFile(stateFile, 'utf8')) as GhState;
  const write = (state: GhState): Promise<void> => writeFile(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  await write({ ...initial, nextId: 1000, calls: [] });
  return { bin, stateFile, read, update: async (change) => write(change(await read())) };
}
