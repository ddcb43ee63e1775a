import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const RESULTS = path.join(import.meta.dirname, '..', '..', 'bench-results');

/** Writes a benchmark's Markdown tables to `bench-results/<name>.md`, for the README to quote. */
export async function publishResults(name: string, markdown: string): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  await writeFile(path.join(RESULTS, `${name}.md`), markdown);
}
