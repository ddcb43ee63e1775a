import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILE } from './config-schema.ts';
import { CommandFailure, UsageError } from './io.ts';

/** Resolves a folder flag against the working directory and checks it exists and is a folder. */
export async function existingFolder(cwd: string, value: string, flag: string, hint: string): Promise<string> {
  const resolved = path.resolve(cwd, value);
  const found = await stat(resolved).catch(() => null);
  if (found === null) throw new CommandFailure(`ask: ${flag} folder '${value}' not found; ${hint}`);
  if (!found.isDirectory()) throw new CommandFailure(`ask: ${flag} '${value}' is a file, not a folder; ${hint}`);
  return resolved;
}

/** Where a command's folder option came from, for its messages: the flag, or the config file's key. */
export interface FolderSource {
  readonly given: ReadonlySet<string>;
  readonly config: { readonly file: string } | null;
}

export interface ContentFolder {
  /** Resolved, an existing folder. */
  readonly dir: string;
  /** As the flag or the config named it (relative to the working folder), for messages and commands. */
  readonly shown: string;
}

/**
 * The content folder a command reads (`--content`, else the config's `content`), resolved and
 * checked; with neither, one line saying how to name one (exit 2).
 */
export async function contentFolder(command: string, content: string | undefined, source: FolderSource, cwd: string): Promise<ContentFolder> {
  if (content === undefined) throw new UsageError(`ask ${command}: no content folder: pass --content DIR, or run 'ask init' to write ${CONFIG_FILE}`);
  if (source.given.has('content') || source.config === null) return { dir: await existingFolder(cwd, content, '--content', 'pass --content DIR with your Markdown pages'), shown: content };
  const file = path.relative(cwd, source.config.file) || CONFIG_FILE;
  return { dir: await existingFolder(cwd, content, `${file}'s content`, 'fix "content" there or pass --content DIR'), shown: content };
}
