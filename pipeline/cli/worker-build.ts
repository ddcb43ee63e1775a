import { parseCommand } from './command-spec.ts';
import { WORKER_BUILD } from './specs/index.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleWorker } from '../adapters/bundle-worker.ts';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { digestFileExists } from '../digest/read.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { existingFolder } from './paths.ts';

/** The module worker's file name inside `--out`. */
export const WORKER_FILE = 'worker.js';

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * `ask worker build`: the handler and the digest (its files and archive, read now) bundled by
 * esbuild into one ES module worker (`export default { fetch }`) for workerd-compatible hosts,
 * written to `<out>/worker.js`; prints its size, raw and gzipped.
 */
export const workerBuild: Command = async (argv, io) => {
  const { values, positionals } = parseCommand(WORKER_BUILD, argv);
  if (positionals.length > 0) throw new UsageError(`ask worker build: unexpected argument '${positionals[0]}'`);
  const digestDir = await existingFolder(io.cwd, values.digest, '--digest', "run 'ask digest build' first");
  if (!(await digestFileExists(digestDir, DIGEST_FILES.manifest))) {
    throw new CommandFailure(`ask: '${values.digest}' holds no digest (no ${DIGEST_FILES.manifest}); run 'ask digest build' first`);
  }
  const script = await bundleWorker(digestDir, values.endpoint);
  const outDir = path.resolve(io.cwd, values.out);
  await mkdir(outDir, { recursive: true });
  await writeFileAtomically(path.join(outDir, WORKER_FILE), script);
  const bytes = Buffer.byteLength(script);
  const gzipBytes = gzipSync(script).length;
  if (values.json) io.out(JSON.stringify({ file: path.join(values.out, WORKER_FILE), bytes, gzipBytes }));
  else io.out(`wrote ${path.join(values.out, WORKER_FILE)}: ${kilobytes(bytes)} (${kilobytes(gzipBytes)} gzip)`);
  return 0;
};
