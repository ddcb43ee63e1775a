import { LENGTH_FLOOR } from '../../pipeline/search/score.ts';
import { STOPWORDS, stem, tokenize } from '../../pipeline/search/index.ts';
import type { GlossaryEntry } from '../../pipeline/types.ts';
import type { SectionSpec } from './fixtures.ts';

/**
 * The spec's keyword ranking written the obvious way, straight from its text, with no tables:
 * every section's token sets are recomputed for every query. Used only to check the real scorer.
 */
export function referenceRank(
  specs: readonly SectionSpec[],
  glossary: readonly GlossaryEntry[],
  query: string,
  options: { maxResults: number; perDocCap: number },
): { id: string; score: number }[] {
  const stop = new Set([...STOPWORDS, ...[...STOPWORDS].map(stem)]);
  const docs = specs.map((spec) => {
    const slug = spec.id.split('#')[0] ?? spec.id;
    const heading = spec.heading === undefined ? (spec.id.split('#')[1] ?? null) : spec.heading;
    const body = tokenize(spec.text ?? '');
    return {
      id: spec.id,
      page: slug,
      body: new Set(body),
      length: new Set(body).size,
      signal: new Set([...(spec.terms ?? []), spec.summary ?? '', ...(spec.facts ?? [])].flatMap((text) => tokenize(text))),
      heading: new Set(tokenize(`${spec.title ?? slug}\n${heading ?? ''}`)),
    };
  });
  // rule 1: glossary expansion
  const typed = [...new Set(tokenize(query))];
  const terms = [...typed];
  let added = 0;
  for (const entry of glossary) {
    const phrases = [entry.term, ...entry.aliases].map((phrase) => [...new Set(tokenize(phrase))]).filter((tokens) => tokens.length > 0);
    if (!phrases.some((tokens) => tokens.every((token) => terms.includes(token)))) continue;
    for (const token of new Set(tokenize([entry.term, ...entry.aliases].join(' ')))) {
      if (added < 24 && !terms.includes(token)) {
        terms.push(token);
        added += 1;
      }
    }
  }
  // rule 2: stopwords, unless only stopwords
  const kept = terms.filter((term) => !stop.has(term));
  const scored = kept.length > 0 ? kept : terms;
  // rule 3: idf over every field
  const n = docs.length;
  const weight = (term: string) => {
    const df = docs.filter((doc) => doc.body.has(term) || doc.signal.has(term) || doc.heading.has(term)).length;
    return df === 0 ? 0 : Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const average = docs.reduce((total, doc) => total + doc.length, 0) / (n || 1) || 1;
  const results = docs
    .map((doc, position) => {
      let raw = 0;
      for (const term of scored) {
        const w = weight(term);
        if (doc.body.has(term)) raw += w; // rule 4
        if (doc.signal.has(term)) raw += w;
        if (doc.heading.has(term)) raw += 3 * w;
      }
      const factor = Math.max(LENGTH_FLOOR, 1 - 0.75 + (0.75 * doc.length) / average); // rule 5
      return { id: doc.id, page: doc.page, score: raw / factor, position };
    })
    .filter((result) => result.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position);
  // rule 6: per-page cap, then the top results
  const perPage = new Map<string, number>();
  const out: { id: string; score: number }[] = [];
  for (const result of results) {
    const count = perPage.get(result.page) ?? 0;
    if (count >= options.perDocCap || out.length >= options.maxResults) continue;
    perPage.set(result.page, count + 1);
    out.push({ id: result.id, score: result.score });
  }
  return out;
}
