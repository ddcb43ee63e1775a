import { parseConfigured } from './configured-command.ts';
import { DIGEST_CHECK } from './specs/index.ts';
import path from 'node:path';
import { checkDigest } from '../compile/check.ts';
import { ContentErrors } from '../content/load.ts';
import { DigestFormatError } from '../format/manifest.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { contentFolder } from './paths.ts';
import { staleLines, stalenessJson } from './staleness-report.ts';
import { rebuildCommand } from './rebuild-command.ts';
import { readManifest } from '../digest/read.ts';
import { contentFailure } from './digest-build.ts';
import { digestTracking } from '../compile/digest-tracking.ts';
import { trackingLines } from './digest-tracking-report.ts';
import { hasProblems } from '../compile/verify-tree.ts';
import { treeLines } from './tree-report.ts';

/**
 * `ask digest check`: exit 0 when the digest matches the content and its tree is what the build
 * makes of it, 1 (with what changed, or which files are not the build's) otherwise.
 */
export const digestCheck: Command = async (argv, io) => {
  const parsed = await parseConfigured(DIGEST_CHECK, argv, io.cwd);
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`ask digest check: unexpected argument '${positionals[0]}'`);
  const { dir: contentDir, shown: content } = await contentFolder('digest check', values.content, parsed, io.cwd);
  const outDir = path.resolve(io.cwd, values.out);
  let result;
  let gitLines: string[];
  try {
    result = await checkDigest(contentDir, outDir);
    gitLines = trackingLines(await digestTracking(contentDir, outDir), values.out, values.committed);
  } catch (error) {
    if (error instanceof ContentErrors) contentFailure(error);
    if (error instanceof DigestFormatError) throw new CommandFailure(`ask: ${error.message}`);
    throw error;
  }
  const edited = !result.stale && result.tree !== null && hasProblems(result.tree);
  // the exact command that rebuilds it with the options it was built with
  const rebuild = result.stale || edited ? await rebuildCommand({ content, out: values.out, manifest: result.missing ? null : await readManifest(outDir) }, io) : null;
  if (values.json) {
    io.out(stalenessJson(result, { digest: values.out, content }, rebuild));
    for (const line of gitLines) io.err(line);
    return result.stale || edited || gitLines.length > 0 ? 1 : 0;
  }
  for (const line of gitLines) io.err(line);
  if (edited && result.tree !== null) for (const line of treeLines(result.tree, values.out, content, rebuild?.command ?? 'ask digest build')) io.err(line);
  if (!result.stale && (edited || gitLines.length > 0)) return 1;
  if (!result.stale) {
    io.out(`digest is current: ${values.out} matches ${content}`);
    return 0;
  }
  for (const line of staleLines(result, values.out, rebuild)) io.err(line);
  return 1;
};
