import path from 'node:path';
import { checkDigest } from '../digest/check.ts';
import { ContentErrors } from '../content/load.ts';
import { DigestFormatError } from '../digest/manifest.ts';
import { parseCommandArgs } from './args.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { existingFolder } from './paths.ts';
import { contentFailure } from './digest-build.ts';

/** `ask digest check`: exit 0 when the digest matches the content, 1 (with what changed) when stale. */
export const digestCheck: Command = async (argv, io) => {
  const { values, positionals } = parseCommandArgs('digest check', argv, {
    content: { type: 'string', default: 'content-fixtures' },
    out: { type: 'string', default: 'digest' },
  });
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
  if (!result.stale) {
    io.out(`digest is current: ${values.out} matches ${values.content}`);
    return 0;
  }
  if (result.missing) {
    io.err(`ask: no digest in '${values.out}'; run 'ask digest build' and commit it`);
    return 1;
  }
  io.err(`ask: the digest in '${values.out}' is stale; run 'ask digest build' and commit the result`);
  for (const id of result.added) io.err(`  added    ${id}`);
  for (const id of result.changed) io.err(`  changed  ${id}`);
  for (const id of result.removed) io.err(`  removed  ${id}`);
  if (result.added.length + result.changed.length + result.removed.length === 0) {
    for (const file of result.files) io.err(`  file     ${file}`);
  }
  for (const pass of result.templates) io.err(`  template ${pass}`);
  return 1;
};
