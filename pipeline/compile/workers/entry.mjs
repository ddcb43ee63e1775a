// The entry of a build worker thread. A worker does not inherit the loader that runs the
// TypeScript sources in the main thread under every launcher (the `ask` bin, `node --import tsx`,
// vitest), so it registers tsx itself, then loads the TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./task.ts');
