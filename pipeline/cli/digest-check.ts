import { parseCommand } from './command-spec.ts';
import { DIGEST_CHECK } from './specs/index.ts';
import path from 'node:path';
import { checkDigest } from '../compile/check.ts';
import { ContentErrors } from '../content/load.ts';
import { DigestFormatError } from '../format/manifest.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { existingFolder } from './paths.ts';
import { stalenessJson, stalenessLines } from './staleness-report.ts';
import { contentFailure } from './digest-build.ts';

/** `ask digest check`: exit 0 when the digest matches the content, 1 (with what changed) when stale. */
export const digestCheck: Command = async (argv, io) => {
  const { values, positionals } = parseCommand(DIGEST_CHECK, argv);
  if (positionals.length > 0) throw new UsageError(`ask digest check: unexpected argument '${positionals[0]}'`);
  const contentDir = await existingFolder(io.cwd, values.content, '--content', 'pass --content DIR with your Markdown pages');
  const outDir = path.resolve(io.cwd, values.out);
  let result;
  try {
    result = await checkDigest(contentDir, outDir);
  } catch (error) {
    if (error instanceof ContentErrors) contentFailure(error);
    if (error instanceof DigestFormatError) throw new CommandFailure(`ask: ${error.message}`);
    throw error;
  }
  if (values.json) {
    io.out(stalenessJson(result, { digest: values.out, content: values.content }));
    return result.stale ? 1 : 0;
  }
  if (!result.stale) {
    io.out(`digest is current: ${values.out} matches ${values.content}`);
    return 0;
  }
  if (result.missing) {
    io.err(`ask: no digest in '${values.out}'; run 'ask digest build' and commit it`);
    return 1;
  }
  io.err(`ask: the digest in '${values.out}' is stale; run 'ask digest build' and commit the result`);
  for (const line of stalenessLines(result)) io.err(line);
  return 1;
};
