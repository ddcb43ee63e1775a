import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { decodeDigestJson, DigestNodeSchema, GlossaryFileSchema, SuggestionsFileSchema } from '../../pipeline/format/digest-json.ts';
import { DigestFormatError } from '../../pipeline/format/manifest.ts';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { readGlossary, readNode } from '../../pipeline/digest/read.ts';
import { parseDigestFiles } from '../../pipeline/runtime/digest-data.ts';
import { tempFolder } from '../support/temp-folder.ts';

const DIGEST = path.join(import.meta.dirname, '..', '..', 'digest');
const NODE = 'sections/platform/auth/password-login/what-can-go-wrong.json';
const NODE_ID = 'platform/auth/password-login#what-can-go-wrong';

/** The committed node with its summary hand-edited to a number. */
async function brokenNode(): Promise<string> {
  const node = JSON.parse(await readFile(path.join(DIGEST, NODE), 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...node, summary: 42 });
}

describe('digest format: every JSON file of a digest is checked when read', () => {
  it('accepts every JSON file of the committed digest', async () => {
    const files = await readDigestFolder(DIGEST);
    let nodes = 0;
    for (const [relative, text] of files) {
      if (!relative.startsWith('sections/')) continue;
      expect(decodeDigestJson(text, 'digest', relative, DigestNodeSchema).id).toBeTypeOf('string');
      nodes += 1;
    }
    expect(nodes).toBeGreaterThan(0);
    expect(decodeDigestJson(files.get(DIGEST_FILES.glossary) ?? '', 'digest', DIGEST_FILES.glossary, GlossaryFileSchema).terms.length).toBeGreaterThan(0);
    expect(decodeDigestJson(files.get(DIGEST_FILES.suggestions) ?? '', 'digest', DIGEST_FILES.suggestions, SuggestionsFileSchema).suggestions.length).toBeGreaterThan(0);
  });

  it('returns a node as its file holds it (keys and order kept)', async () => {
    const text = await readFile(path.join(DIGEST, NODE), 'utf8');
    expect(JSON.stringify(decodeDigestJson(text, 'digest', NODE, DigestNodeSchema), null, 2)).toBe(text.trimEnd());
  });

  it('refuses a hand-edited node with a wrong type, naming the file, on the build side', async () => {
    const folder = await tempFolder();
    try {
      await mkdir(path.dirname(path.join(folder.dir, NODE)), { recursive: true });
      await writeFile(path.join(folder.dir, NODE), await brokenNode());
      const read = readNode(folder.dir, NODE);
      await expect(read).rejects.toThrow(DigestFormatError);
      await expect(readNode(folder.dir, NODE)).rejects.toThrow(`${NODE} is not in the digest format (summary: `);
      await writeFile(path.join(folder.dir, DIGEST_FILES.glossary), JSON.stringify({ terms: [{ term: 'a', aliases: 'b', definition: 'c' }] }));
      await expect(readGlossary(folder.dir)).rejects.toThrow(/glossary\.json is not in the digest format \(terms\.0\.aliases: /);
    } finally {
      await folder.cleanup();
    }
  });

  it('refuses a hand-edited node with a wrong type, naming the file, in the handler', async () => {
    const files = new Map(await readDigestFolder(DIGEST));
    files.set(NODE, await brokenNode());
    const data = parseDigestFiles(files);
    expect(() => data.node(NODE_ID)).toThrow(DigestFormatError);
    expect(() => data.node(NODE_ID)).toThrow(`${NODE} is not in the digest format (summary: `);
  });

  it('refuses a glossary or suggestions file of the wrong shape when the handler loads', async () => {
    const files = new Map(await readDigestFolder(DIGEST));
    expect(() => parseDigestFiles(new Map([...files, [DIGEST_FILES.suggestions, '{"suggestions":"none"}']]))).toThrow(/suggestions\.json is not in the digest format/);
    expect(() => parseDigestFiles(new Map([...files, [DIGEST_FILES.glossary, '{}']]))).toThrow(/glossary\.json is not in the digest format \(terms: /);
  });
});
