import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGlossary, distillSectionOffline } from '../../../pipeline/distill/offline/index.ts';
import { MAX_FACTS } from '../../../pipeline/distill/offline/facts.ts';
import { MAX_SUMMARY } from '../../../pipeline/distill/offline/summary.ts';
import { MAX_TERMS } from '../../../pipeline/distill/offline/terms.ts';
import { FACT_KINDS } from '../../../pipeline/types.ts';
import { makeCorpus, makePage, makeSection } from './helpers.ts';

/** Words that make the patterns fire: flags, env vars, statuses, paths, defaults, acronyms. */
const word = fc.oneof(
  fc.constantFrom(
    'token', 'the', 'is', 'a', 'defaults', 'to', 'default', '404', 'answers', '10 MiB', '30s', '/api/v2/users', '--port',
    '-o', 'ANTHROPIC_API_KEY', 'Svc-Session-Token', 'header', 'read_status', 'one-time', 'passcode', '(OTP)', 'are',
    'Workspace', 'agents', 'processes', 'by', 'e.g.', 'Note:', '**', '`', '_', '\\', '|', '<Tab>', '{x}', '&amp;', '#',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const phrase = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(' '));
const inline = fc.oneof(
  phrase,
  phrase.map((p) => `\`${p}\``),
  phrase.map((p) => `**${p}**`),
  phrase.map((p) => `[${p}](/x/${p.length})`),
);
const line = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
const block = fc.oneof(
  line,
  fc.array(line, { minLength: 1, maxLength: 6 }).map((items) => items.map((item) => `- ${item}`).join('\n')),
  fc.array(line, { minLength: 1, maxLength: 4 }).map((items) => items.map((item, i) => `${i + 1}. ${item}`).join('\n')),
  fc
    .tuple(fc.constantFrom('Field', 'Flag', 'Status', 'Default', 'Name'), fc.array(fc.tuple(inline, inline), { maxLength: 5 }))
    .map(([head, rows]) => [`| ${head} | Default |`, '|---|---|', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n')),
  fc
    .tuple(fc.constantFrom('bash', 'sh', 'json', 'yaml', 'env', 'http', 'ts', ''), fc.array(line, { maxLength: 4 }))
    .map(([lang, lines]) => `\`\`\`${lang}\n${lines.map((l, i) => (i === 0 ? `$ ${l}` : l)).join('\n')}\n\`\`\``),
  line.map((l) => `> ${l}`),
  line.map((l) => `#### ${l}`),
  line.map((l) => `<Callout>\n${l}\n</Callout>`),
  fc.string({ maxLength: 80 }),
);
const section = fc
  .tuple(fc.option(fc.tuple(fc.constantFrom('##', '###'), line)), fc.array(block, { maxLength: 6 }))
  .map(([heading, blocks]) => `${heading ? `${heading[0]} ${heading[1]}\n\n` : ''}${blocks.join('\n\n')}\n`);

const page = makePage('docs/page.md', { title: 'Page', description: 'A page.' });

describe('offline distiller properties', () => {
  it('never throws, keeps every fact verbatim and stays within its limits, for any section', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(section, fc.constantFrom('md' as const, 'mdx' as const), (source, format) => {
        const input = { ...makeSection(page, source), format };
        const result = distillSectionOffline(input, page);
        for (const fact of result.facts) {
          expect(FACT_KINDS).toContain(fact.kind);
          expect(source.includes(fact.literal)).toBe(true);
        }
        expect(result.facts.length).toBeLessThanOrEqual(MAX_FACTS);
        expect(result.summary.length).toBeLessThanOrEqual(MAX_SUMMARY);
        expect(result.terms.length).toBeLessThanOrEqual(MAX_TERMS);
        expect(new Set(result.terms).size).toBe(result.terms.length);
        expect(['agent-primary', 'source-primary']).toContain(result.mode);
        expect(JSON.stringify(distillSectionOffline(input, page))).toBe(JSON.stringify(result));
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on arbitrary text, in either dialect', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.constantFrom('md' as const, 'mdx' as const), (source, format) => {
        const input = { ...makeSection(page, source), format };
        for (const fact of distillSectionOffline(input, page).facts) expect(source.includes(fact.literal)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('builds a glossary of unique, sorted, bounded entries for any corpus', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(section, { minLength: 1, maxLength: 5 }), (sources) => {
        const glossary = buildGlossary(makeCorpus([{ page, sources }]));
        const terms = glossary.map((entry) => entry.term.toLowerCase());
        expect(new Set(terms).size).toBe(terms.length);
        expect([...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(terms);
        for (const entry of glossary) expect(entry.definition.length).toBeLessThanOrEqual(300);
      }),
      { numRuns: 60 },
    );
  });
});
