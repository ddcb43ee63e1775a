// Child process of write.test.ts: writes a large tree atomically, so the test can kill it midway.
import { writeTreeAtomically } from '../../pipeline/digest/write.ts';

const [outDir] = process.argv.slice(2);
if (outDir === undefined) throw new Error('usage: write-killed.ts OUT_DIR');
const files = new Map<string, string>();
for (let index = 0; index < 20_000; index += 1) files.set(`sections/p${index % 200}/s${index}.json`, `${'x'.repeat(2_000)}\n`);
await writeTreeAtomically(outDir, files);
