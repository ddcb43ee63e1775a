import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const tempFolder = tempFoldersPerTest();

describe('ask digest build --quiet', () => {
  it('prints nothing when it succeeds (not the generator it detected, not the provider notice, not the report)', async () => {
    const { dir } = await tempFolder({ 'content/index.md': '# Home\n\n## Start\n\nRun `lamp on`.\n' });
    const loud = await runAsk(['digest', 'build', '--content', 'content'], dir);
    expect(loud.code).toBe(0);
    expect(loud.err.length + loud.out.length).toBeGreaterThan(1);
    const quiet = await runAsk(['digest', 'build', '--content', 'content', '--out', 'other', '--quiet'], dir);
    expect(quiet).toEqual({ code: 0, out: [], err: [] });
    expect((await runAsk(['digest', 'check', '--content', 'content', '--out', 'other'], dir)).code).toBe(0);
  });

  it('still says what went wrong, in one line', async () => {
    const { dir } = await tempFolder({});
    const failed = await runAsk(['digest', 'build', '--content', path.join(dir, 'missing'), '--quiet'], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toHaveLength(1);
  });

  it('refuses to go with --json or --verbose', async () => {
    const { dir } = await tempFolder({});
    expect((await runAsk(['digest', 'build', '--quiet', '--json'], dir)).err).toEqual(['ask digest build: --quiet prints nothing, so it cannot go with --json']);
  });
});
