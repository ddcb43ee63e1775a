#!/usr/bin/env node
// The `ask` command: runs the TypeScript sources through tsx, no compile step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../pipeline/cli/process.ts');
await main();
