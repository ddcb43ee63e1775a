import path from 'node:path';
import { afterAll } from 'vitest';
import { defineRouteSuite } from '../runtime/route-suite.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { assetsWorkerTarget, buildEdge, r2WorkerTarget } from './edge-targets.ts';

// the same route suite as in memory and on Node: here the built edge worker on workerd, its digest in a store
const folders: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of folders) await cleanup();
});

defineRouteSuite('workerd, static assets', async (digestDir) => {
  const folder = await tempFolder();
  folders.push(folder.cleanup);
  const out = path.join(folder.dir, 'edge');
  await buildEdge(digestDir, out);
  return assetsWorkerTarget(out);
});

defineRouteSuite('workerd, R2 bucket', async (digestDir) => {
  const folder = await tempFolder();
  folders.push(folder.cleanup);
  const out = path.join(folder.dir, 'edge');
  await buildEdge(digestDir, out, 'ask-docs');
  return r2WorkerTarget(out);
});
