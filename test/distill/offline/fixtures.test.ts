/**
 * Integration: the offline distiller over the demo corpus, chunked by the real
 * content stage. Checks the properties a site without a key lives on, not
 * exact wording (the fixtures are edited by hand).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../pipeline/content/index.ts';
import { createOfflineDistiller } from '../../../pipeline/distill/offline/index.ts';
import type { DigestNode, SectionDistillation } from '../../../pipeline/types.ts';
import { sectionNode } from './helpers.ts';

const contentDir = path.resolve(import.meta.dirname, '../../../content-fixtures');

describe('offline distiller on content-fixtures', () => {
  it('distils every section verbatim, the same from the page tree as from the source, and finds the corpus-wide outputs', { timeout: 120_000 }, async () => {
    const loaded = await loadContent({ contentDir, siteUrl: '' });
    const distiller = createOfflineDistiller();
    const pages = new Map(loaded.pages.map((page) => [page.slug, page]));
    const results: SectionDistillation[] = [];
    const nodes: DigestNode[] = [];
    for (const section of loaded.sections) {
      const page = pages.get(section.pageSlug);
      if (!page) throw new Error(`no page for ${section.id}`);
      // The first call reads the tree the chunker parsed with the page, the second parses the source alone.
      const result = await distiller.distillSection(section, page);
      expect(await distiller.distillSection(section, page), section.id).toEqual(result);
      results.push(result);
      for (const fact of result.facts) expect(section.source.includes(fact.literal), `${section.id}: ${fact.literal}`).toBe(true);
      expect(result.summary.length, section.id).toBeGreaterThan(0);
      expect(result.terms.length, section.id).toBeGreaterThan(0);
      nodes.push(sectionNode(section, {
        summary: result.summary,
        facts: result.facts.map((fact) => ({ ...fact, chunkId: section.id })),
        mode: result.mode,
        terms: result.terms,
      }));
    }
    const modes = new Set(results.map((result) => result.mode));
    expect(modes).toEqual(new Set(['agent-primary', 'source-primary']));
    const kinds = new Set(results.flatMap((result) => result.facts.map((fact) => fact.kind)));
    expect(kinds).toEqual(new Set(['flag', 'code', 'value', 'default', 'key']));

    const corpus = { pages: loaded.pages, sections: loaded.sections, nodes };
    const glossary = await distiller.distillGlossary(corpus);
    expect(glossary.length).toBeGreaterThanOrEqual(15);
    expect(glossary.length).toBeLessThanOrEqual(60);
    const corpusText = loaded.sections.map((section) => section.source).join('\n');
    if (corpusText.includes('one-time passcode (OTP)')) {
      expect(glossary.find((entry) => entry.term === 'one-time passcode')?.aliases).toContain('OTP');
    }
    const questions = await distiller.suggestQuestions(corpus, glossary);
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.length).toBeLessThanOrEqual(12);
    const context = await distiller.writeContext(corpus, glossary);
    expect(context).toContain(`These docs have ${loaded.pages.length} pages`);
    expect(await distiller.writeContext(corpus, glossary)).toBe(context);
  });
});
