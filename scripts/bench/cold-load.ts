/**
 * One cold start of the search tables, in a process of its own: prints how long
 * `loadSearchIndex(DIR)` took, in milliseconds. Run by bench:search (`medianColdLoadMs`).
 */
import { loadSearchIndex } from '../../pipeline/search/index.ts';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: cold-load.ts DIGEST_DIR');
const started = performance.now();
await loadSearchIndex(dir);
process.stdout.write(`${performance.now() - started}\n`);
