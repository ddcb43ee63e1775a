import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');

// the repository's own config, only its import rules, parsed without types (the snippets are no files of the project)
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId.endsWith('no-restricted-imports'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The import rules `eslint.config.js` reports for `code` as if it were the file at `filePath`. */
async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('the floors kept by lint', { timeout: 120_000 }, () => {
  it('keeps node:* out of pipeline/format/', async () => {
    const messages = await reported('pipeline/format/x.ts', "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*floor 1: no node:\*/)]);
  });

  it('keeps the folders above format/ out of it', async () => {
    const messages = await reported('pipeline/format/x.ts', "import { buildDigest } from '../compile/build.ts';\nexport const build = buildDigest;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*floor 1: it imports only/)]);
  });

  it('lets format/ import what is below it', async () => {
    const code = "import { z } from 'zod';\nimport { AskError } from '../errors.ts';\nimport { DIGEST_FILES } from './paths.ts';\nexport const all = [z, AskError, DIGEST_FILES];\n";
    expect(await reported('pipeline/format/x.ts', code)).toEqual([]);
  });

  it('keeps node:* and format/ out of pipeline/markdown/', async () => {
    expect(await reported('pipeline/markdown/x.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*markdown\/ is floor 1: no node/)]);
    expect(await reported('pipeline/markdown/x.ts', "import { stableJson } from '../format/stable-json.ts';\nexport const json = stableJson;\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*markdown\/ is floor 1: it imports only/)]);
  });

  it('keeps the digest on disk and the build out of floor 2 (content/, search/), and lets it use disk/', async () => {
    const upward = await reported('pipeline/search/x.ts', "import { readDigestFile } from '../digest/read.ts';\nexport const read = readDigestFile;\n");
    expect(upward).toEqual([expect.stringMatching(/^no-restricted-imports: .*floor 2 .*not distill\/, digest\//)]);
    expect(await reported('pipeline/content/x.ts', "import { writeFileAtomically } from '../disk/atomic-write.ts';\nexport const write = writeFileAtomically;\n")).toEqual([]);
  });

  it('keeps compile/ out of floor 3 (digest/, distill/)', async () => {
    const messages = await reported('pipeline/digest/x.ts', "import { renderLlmsFiles } from '../compile/llms.ts';\nexport const render = renderLlmsFiles;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*floor 3 .*not compile\//)]);
  });

  it('keeps compile/, content/ and distill/ out of pipeline/runtime/, at any depth', async () => {
    const messages = await reported('pipeline/runtime/agentic/x.ts', "import { loadContent } from '../../content/load.ts';\nexport const load = loadContent;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*never imports compile/)]);
  });

  it('keeps server code out of overlay/', async () => {
    const messages = await reported('overlay/x.ts', "import { createHandler } from '../pipeline/runtime/handler.ts';\nexport const handler = createHandler;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*overlay\/ runs in the browser/)]);
  });

  it('allows an exception only in the file it is named for', async () => {
    const code = "import { stem } from '../pipeline/search/stem.ts';\nexport const s = stem;\n";
    expect(await reported('overlay/highlight.ts', code)).toEqual([]);
    expect(await reported('overlay/x.ts', code)).toEqual([expect.stringMatching(/^no-restricted-imports: .*overlay\/ runs in the browser/)]);
  });

  it('lets overlay/ import the types of format/, and only the types', async () => {
    expect(await reported('overlay/x.ts', "import type { Manifest } from '../pipeline/format/manifest.ts';\nexport type M = Manifest;\n")).toEqual([]);
    const messages = await reported('overlay/x.ts', "import { parseManifest } from '../pipeline/format/manifest.ts';\nexport const parse = parseManifest;\n");
    expect(messages).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*only the types/)]);
  });

  it('lets platform/ import only the entry of platform-api', async () => {
    expect(await reported('platform/x.ts', "import { PLATFORM_OPERATIONS } from '../pipeline/platform-api/index.ts';\nexport const all = PLATFORM_OPERATIONS;\n")).toEqual([]);
    const messages = await reported('platform/x.ts', "import { stem } from '../pipeline/search/stem.ts';\nexport const s = stem;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*platform\/ is a second product/)]);
  });
});
