import { describe, expect, it } from 'vitest';
import { createOfflineDistiller } from '../../../pipeline/distill/offline/index.ts';
import { FACT_KINDS, type DigestNode } from '../../../pipeline/types.ts';
import { makeCorpus, makePage, makeSection } from './helpers.ts';

const page = makePage('platform/auth.md', { title: 'Authentication', description: 'Sign in and tokens.' });
const sources = [
  'Users sign in with a password or a one-time passcode (OTP).\n',
  '## Session tokens\n\nA **session token** is the credential you receive when you sign in. Send it in the `Svc-Session-Token` header; missing tokens get 401.\n',
  '## Generate an API key\n\n```bash\n$ svc tokens create --lifetime 720h\n```\n\nKeys default to `30d`.\n',
  '## Options\n\n| Flag | Default | Description |\n|---|---|---|\n| `--lifetime` | `720h` | How long. |\n| `--name` | none | A label. |\n',
];

async function build() {
  const distiller = createOfflineDistiller();
  const corpus = makeCorpus([{ page, sources }]);
  const nodes: DigestNode[] = [];
  const distilled = [];
  for (const section of corpus.sections) {
    const result = await distiller.distillSection(section, page);
    distilled.push(result);
    nodes.push({ ...corpus.nodes[nodes.length]!, summary: result.summary, terms: result.terms, mode: result.mode });
  }
  const full = { ...corpus, nodes };
  const glossary = await distiller.distillGlossary(full);
  const questions = await distiller.suggestQuestions(full, glossary);
  const context = await distiller.writeContext(full, glossary);
  return { distiller, distilled, glossary, questions, context };
}

describe('offline distiller', () => {
  it('names itself offline / offline-v1 and has one fixed hash per pass', () => {
    const distiller = createOfflineDistiller();
    expect(distiller.provider).toBe('offline');
    expect(distiller.model).toBe('offline-v1');
    const hashes = Object.values(distiller.templateHashes);
    expect(Object.keys(distiller.templateHashes).sort()).toEqual(['context', 'glossary', 'section', 'suggestions']);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(4);
    expect(createOfflineDistiller().templateHashes).toEqual(distiller.templateHashes);
  });

  it('produces the same output, byte for byte, across two runs', async () => {
    const first = await build();
    const second = await build();
    const strip = (run: Awaited<ReturnType<typeof build>>) =>
      JSON.stringify({ d: run.distilled, g: run.glossary, q: run.questions, c: run.context });
    expect(strip(second)).toBe(strip(first));
  });

  it('distils a corpus end to end, with verbatim facts and zero usage', async () => {
    const run = await build();
    for (const [i, result] of run.distilled.entries()) {
      for (const fact of result.facts) {
        expect(FACT_KINDS).toContain(fact.kind);
        expect(sources[i]).toContain(fact.literal);
      }
    }
    expect(run.distilled[3]?.mode).toBe('source-primary');
    expect(run.distilled[3]?.facts).toContainEqual({ kind: 'default', literal: '720h' });
    // the OTP is spelled out and never used again: its expansion is beside it, no entry needed
    expect(run.glossary.map((entry) => entry.term)).toEqual(['session token']);
    expect(run.questions.map((entry) => entry.question)).toContain('How do I generate an API key?');
    expect(run.context).toContain('Authentication');
    expect(run.distiller.usage()).toEqual({ calls: 0, inputTokens: 0, outputTokens: 0, cacheHits: 0, droppedFacts: 0 });
  });

  it('summarises an empty intro chunk with its own page description', async () => {
    const distiller = createOfflineDistiller();
    const other = makePage('x.md', { title: 'X', description: 'Other.' });
    const intro = makeSection(page, '# Authentication\n');
    expect((await distiller.distillSection(intro, page)).summary).toBe('Sign in and tokens.');
    // a description that is no sentence is not a summary
    expect((await distiller.distillSection(intro, other)).summary).toBe('The page "Authentication" has no introduction of its own.');
  });
});

describe('section trees handed over by the chunker', () => {
  it('gives the same distillation as parsing the source alone, also when a reference resolves elsewhere in the page', async () => {
    const { readPage } = await import('../../../pipeline/content/index.ts');
    const markdown = [
      '---',
      'title: Refs',
      '---',
      '',
      'Intro with a [reference link][docs] and a bare https://example.com/x URL.',
      '',
      '## Options',
      '',
      '| Flag | Default |',
      '|---|---|',
      '| `--port` | `4321` |',
      '',
      '[docs]: https://example.com/docs',
      '',
    ].join('\n');
    const read = readPage('refs.md', markdown, '');
    if (!read) throw new Error('draft');
    const distiller = createOfflineDistiller();
    for (const section of read.sections) {
      const fromTree = await distiller.distillSection(section, read.page);
      const alone = await distiller.distillSection(section, read.page);
      expect(fromTree).toEqual(alone);
    }
    const intro = await distiller.distillSection(read.sections[0]!, read.page);
    expect(intro.facts).toContainEqual({ kind: 'value', literal: 'https://example.com/x' });
  });
});
