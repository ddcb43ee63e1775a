import { readFile } from 'node:fs/promises';

/**
 * The version of the installed package: its `package.json`, found by walking up from this module
 * (the sources sit two folders below it, the compiled `dist/` three).
 */
export async function packageVersion(): Promise<string> {
  for (const up of ['../../package.json', '../../../package.json']) {
    const text = await readFile(new URL(up, import.meta.url), 'utf8').catch(() => null);
    if (text === null) continue;
    const parsed = JSON.parse(text) as { name?: unknown; version?: unknown };
    if (parsed.name === 'ask-docs' && typeof parsed.version === 'string') return parsed.version;
  }
  return 'unknown';
}
