#!/usr/bin/env node
// The `ask` command. In the repository it runs the TypeScript sources through tsx (no compile
// step); in the installed package, where only the compiled `dist/` ships, it runs that.
import { existsSync } from 'node:fs';

const sources = new URL('../pipeline/cli/process.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import(sources.href);
  await main();
} else {
  const { main } = await import('../dist/pipeline/cli/process.js');
  await main();
}
