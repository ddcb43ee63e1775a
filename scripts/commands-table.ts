/**
 * Writes the README's command table from the commands' declarations (`pipeline/cli/specs`).
 *
 *   npm run docs:commands
 */
import { readFile, writeFile } from 'node:fs/promises';
import { commandTable, withCommandTable } from '../pipeline/cli/command-table.ts';
import { COMMAND_SPECS } from '../pipeline/cli/specs/index.ts';

const readmeUrl = new URL('../README.md', import.meta.url);
const updated = withCommandTable(await readFile(readmeUrl, 'utf8'), commandTable(COMMAND_SPECS));
if (updated === null) throw new Error("README.md has no command table marks; see TABLE_MARKS in pipeline/cli/command-table.ts");
await writeFile(readmeUrl, updated);
console.log('README.md: command table written');
