import { parseCommand } from './command-spec.ts';
import { DIGEST_DIFF } from './specs/index.ts';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { diffDigests } from '../digest/diff.ts';
import { DigestFormatError, manifestSections, parseManifest, type Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { readDigestFile, readManifest } from '../digest/read.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';

const run = promisify(execFile);

async function git(cwd: string, args: readonly string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', [...args], { cwd, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch {
    return null;
  }
}

/**
 * The base digest's manifest; one of an older schema (the digest built by an older ask, before
 * this change rebuilt it) is compared by its sections, which every schema records.
 */
function baseManifest(text: string, base: string): Pick<Manifest, 'sections'> {
  try {
    return parseManifest(text, base);
  } catch (error) {
    const sections = error instanceof DigestFormatError ? manifestSections(text) : null;
    if (sections === null) throw error;
    return { sections };
  }
}

/** `ask digest diff [--base REV]`: the digest's changes since REV (default HEAD), as Markdown for review. */
export const digestDiff: Command = async (argv, io) => {
  const { values, positionals } = parseCommand(DIGEST_DIFF, argv);
  if (positionals.length > 0) throw new UsageError(`ask digest diff: unexpected argument '${positionals[0]}'`);
  const outDir = path.resolve(io.cwd, values.out);
  const top = (await git(io.cwd, ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) throw new CommandFailure('ask digest diff: not inside a git repository; run it in the repository that commits the digest');
  if ((await git(io.cwd, ['rev-parse', '--verify', '--quiet', `${values.base}^{commit}`])) === null) {
    throw new CommandFailure(`ask digest diff: '${values.base}' is not a commit; pass --base REV`);
  }
  const inRepo = path.relative(top, outDir).split(path.sep).join('/');
  const readBase = async (relative: string): Promise<string | null> => git(top, ['show', `${values.base}:${inRepo}/${relative}`]);
  const baseManifestText = await readBase(DIGEST_FILES.manifest);
  const markdown = await diffDigests(
    { label: values.base, manifest: baseManifestText === null ? null : baseManifest(baseManifestText, values.base), read: readBase },
    { label: 'working tree', manifest: await readManifest(outDir), read: (relative) => readDigestFile(outDir, relative) },
  );
  io.out(markdown.trimEnd());
  return 0;
};
