import { parseConfigured } from './configured-command.ts';
import { WORKER_BUILD } from './specs/index.ts';
import path from 'node:path';
import { buildEdgeWorker, WORKER_FILE } from '../adapters/edge-build.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { digestFileExists } from '../digest/read.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { existingFolder } from './paths.ts';
import { counted } from '../text/counted.ts';

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * `ask worker build`: the handler bundled by esbuild into one ES module worker
 * (`export default { fetch }`, `<out>/worker.js`) for workerd-compatible hosts, the digest laid out
 * beside it as static assets (`<out>/assets/`) or, with `--r2 BUCKET`, as files for that bucket
 * (`<out>/r2/`), and `<out>/wrangler.jsonc`; prints the script's size, raw and gzipped, then what
 * else it wrote.
 */
export const workerBuild: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(WORKER_BUILD, argv, io.cwd);
  if (positionals.length > 0) throw new UsageError(`ask worker build: unexpected argument '${positionals[0]}'`);
  if (values.r2 !== undefined && !/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(values.r2)) {
    throw new UsageError(`ask worker build: '--r2 ${values.r2}' is not a bucket name (3 to 63 lowercase letters, digits and hyphens)`);
  }
  const digestDir = await existingFolder(io.cwd, values.digest, '--digest', "run 'ask digest build' first");
  if (!(await digestFileExists(digestDir, DIGEST_FILES.manifest))) {
    throw new CommandFailure(`ask: '${values.digest}' holds no digest (no ${DIGEST_FILES.manifest}); run 'ask digest build' first`);
  }
  const built = await buildEdgeWorker(digestDir, path.resolve(io.cwd, values.out), { endpoint: values.endpoint, r2: values.r2 });
  const file = path.join(values.out, WORKER_FILE);
  const store = path.join(values.out, built.storeDir);
  if (values.json) {
    io.out(JSON.stringify({ file, bytes: built.bytes, gzipBytes: built.gzipBytes, store: { dir: store, root: built.layout.root, files: built.layout.files, bytes: built.layout.bytes }, wrangler: path.join(values.out, built.wrangler) }));
    return 0;
  }
  io.out(`wrote ${file}: ${kilobytes(built.bytes)} (${kilobytes(built.gzipBytes)} gzip)`);
  io.out(`wrote ${store}: ${counted(built.layout.files, 'file')}, ${kilobytes(built.layout.bytes)} (the digest, under ${built.layout.root})`);
  io.out(`wrote ${path.join(values.out, built.wrangler)}${values.r2 === undefined ? '' : `: upload the files of ${store} to the bucket ${values.r2} under their paths`}`);
  return 0;
};
