import { parseConfigured } from './configured-command.ts';
import { DIGEST_DIFF } from './specs/index.ts';
import path from 'node:path';
import { diffDigests, diffMarkdown } from '../digest/diff.ts';
import type { DigestMaker } from '../digest/diff-side.ts';
import { DigestFormatError, manifestSections, parseManifest, type Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { readDigestFile, readManifest } from '../digest/read.ts';
import type { ContentSite } from '../compile/check.ts';
import { QueriesFileError } from '../search/checks.ts';
import { counted } from '../text/counted.ts';
import { CHECK_K, searchPart, type SearchPart } from './digest-diff-search.ts';
import { commentWriter } from './digest-diff-comment-out.ts';
import { changedDigestFiles } from './digest-diff-files.ts';
import { git } from './git-read.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { contentFolder } from './paths.ts';

/**
 * The base digest's manifest: its sections, its site options and what made it; one of an older
 * schema (the digest built by an older ask, before this change rebuilt it) is compared by its
 * sections, which every schema records, and has no site options and no maker.
 */
function baseManifest(text: string, base: string): Pick<Manifest, 'sections'> & { readonly contentSite: ContentSite | null; readonly made: DigestMaker | null } {
  try {
    const manifest = parseManifest(text, base);
    return { sections: manifest.sections, contentSite: manifest, made: manifest };
  } catch (error) {
    const sections = error instanceof DigestFormatError ? manifestSections(text) : null;
    if (sections === null) throw error;
    return { sections, contentSite: null, made: null };
  }
}

/**
 * Why the search gate fails, in one line, or null when it passes: shared checks the base answered
 * in the top k and the new digest does not (unless `allowLost`), an MRR@k drop larger than `failBelow`.
 */
function gateFailure(diff: SearchPart['diff'], failBelow: number, allowLost: boolean): string | null {
  if (diff === null) return null;
  const reasons: string[] = [];
  if (diff.lost > 0 && !allowLost) {
    const one = diff.lost === 1;
    reasons.push(`${counted(diff.lost, 'search check')} the base answered in the top ${CHECK_K} ${one ? 'is' : 'are'} not answered now; pass --allow-lost to accept ${one ? 'it' : 'them'}`);
  }
  if (diff.drop > failBelow + 1e-12) reasons.push(`MRR@${CHECK_K} of the search checks dropped by ${diff.drop.toFixed(3)}, more than --fail-below ${failBelow}`);
  return reasons.length === 0 ? null : `ask digest diff: ${reasons.join('; ')}`;
}

/** `ask digest diff [--base REV]`: the digest's changes since REV (default HEAD), as Markdown for review. */
export const digestDiff: Command = async (argv, io) => {
  const parsed = await parseConfigured(DIGEST_DIFF, argv, io.cwd);
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`ask digest diff: unexpected argument '${positionals[0]}'`);
  // the search checks are read from the content folder: said before any work
  const contentDir = (await contentFolder('digest diff', values.content, parsed, io.cwd)).dir;
  const outDir = path.resolve(io.cwd, values.out);
  const top = (await git(io.cwd, ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) throw new CommandFailure('ask digest diff: not inside a git repository; run it in the repository that commits the digest');
  if ((await git(io.cwd, ['rev-parse', '--verify', '--quiet', `${values.base}^{commit}`])) === null) {
    throw new CommandFailure(`ask digest diff: '${values.base}' is not a commit; pass --base REV`);
  }
  const inRepo = path.relative(top, outDir).split(path.sep).join('/');
  const readBase = async (relative: string): Promise<string | null> => git(top, ['show', `${values.base}:${inRepo}/${relative}`]);
  const baseManifestText = await readBase(DIGEST_FILES.manifest);
  const failBelow = values['fail-below'] === undefined ? null : Number(values['fail-below']);
  if (failBelow !== null && !(Number.isFinite(failBelow) && failBelow >= 0)) throw new UsageError(`ask digest diff: --fail-below takes a number of at least 0, got '${values['fail-below']}'`);
  const writeComment = commentWriter(values, io.cwd);
  const headManifest = await readManifest(outDir);
  const base = baseManifestText === null ? null : baseManifest(baseManifestText, values.base);
  const diff = await diffDigests(
    { label: values.base, manifest: base, made: base?.made ?? null, read: readBase },
    { label: 'working tree', manifest: headManifest, made: headManifest, read: (relative) => readDigestFile(outDir, relative) },
    await changedDigestFiles(top, values.base, inRepo),
  );
  io.out(diffMarkdown(diff).trimEnd());
  if (headManifest === null) {
    await writeComment?.({ ...diff, search: [] });
    return 0;
  }
  let search: SearchPart;
  try {
    search = await searchPart({ top, base: values.base, contentDir, outDir, manifest: headManifest, baseSections: base?.sections ?? {}, baseSite: base?.contentSite ?? null, readBase });
  } catch (error) {
    if (error instanceof QueriesFileError) throw new CommandFailure(`ask digest diff: ${error.message}`);
    throw error;
  }
  io.out('');
  for (const line of search.lines) io.out(line);
  await writeComment?.({ ...diff, search: search.lines });
  const failure = failBelow === null ? null : gateFailure(search.diff, failBelow, values['allow-lost']);
  if (failure === null) return 0;
  io.err(failure);
  return 1;
};
