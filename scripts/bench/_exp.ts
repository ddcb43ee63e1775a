import { idf, parseSearchIndex, queryTerms, searchKeyword, type SearchIndex } from '../../pipeline/search/index.ts';
import { findNear, findPrefixed, findTerm, postingsOf } from '../../pipeline/search/vocabulary.ts';
import { readFile } from 'node:fs/promises';
import { evaluate, loadEvalQueries, urlToId } from './eval.ts';
const index = parseSearchIndex(await readFile('digest/search/index.json', 'utf8'));
const queries = await loadEvalQueries();
type V = { name: string; body: (w: number, f: number) => number; signal: (w: number, f: number) => number; heading: (w: number, f: number) => number; whole?: boolean };
function rank(ix: SearchIndex, q: string, v: V): string[] {
  const { terms } = queryTerms(ix, q, true);
  const n = ix.sectionCount;
  const ws: { p: number; w: number }[] = [];
  for (const t of terms) {
    const e = findTerm(ix, t);
    if (e !== -1) { ws.push({ p: e, w: idf(n, ix.file.df[e] ?? 0) }); continue; }
    const pre = t.length >= 3 ? findPrefixed(ix, t, 8) : [];
    if (pre.length) { for (const p of pre) ws.push({ p, w: 0.8 * idf(n, ix.file.df[p] ?? 0) }); continue; }
    if (t.length >= 5) for (const p of findNear(ix, t, 4)) ws.push({ p, w: 0.6 * idf(n, ix.file.df[p] ?? 0) });
  }
  const avg = ix.file.avgLength || 1;
  const scores = new Map<number, number>();
  for (const { p, w } of ws) for (const post of postingsOf(ix, p)) {
    const s = post >>> 3; const len = ix.file.sections[s]?.[5] ?? 0;
    const f = 0.25 + 0.75 * len / avg;
    let g = 0;
    if (post & 1) g += v.body(w, f);
    if (post & 2) g += v.signal(w, f);
    if (post & 4) g += v.heading(w, f);
    scores.set(s, (scores.get(s) ?? 0) + g);
  }
  const c = [...scores].map(([s, sc]) => [s, v.whole ? sc / Math.max(0.5, 0.25 + 0.75 * (ix.file.sections[s]?.[5] ?? 0) / avg) : sc] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const per = new Map<string, number>(); const out: string[] = [];
  for (const [s] of c) { const pg = ix.pageOf[s] ?? ''; const k = per.get(pg) ?? 0; if (k >= 2) continue; per.set(pg, k + 1); out.push(ix.file.sections[s]?.[0] ?? ''); if (out.length >= 6) break; }
  return out;
}
const K1 = 1.2;
const sat = (w: number, f: number) => w * (K1 + 1) / (1 + K1 * f);
const variants: V[] = [
  { name: 'shipped (replica)', body: (w) => w, signal: (w) => w, heading: (w) => 3 * w, whole: true },
  { name: 'norm body+signal only (floor .5)', body: (w, f) => w / Math.max(0.5, f), signal: (w, f) => w / Math.max(0.5, f), heading: (w) => 3 * w },
  { name: 'norm body only (floor .5)', body: (w, f) => w / Math.max(0.5, f), signal: (w) => w, heading: (w) => 3 * w },
  { name: 'saturated body, signal w, heading 3w', body: sat, signal: (w) => w, heading: (w) => 3 * w },
  { name: 'saturated body, signal w, heading 2w', body: sat, signal: (w) => w, heading: (w) => 2 * w },
  { name: 'saturated body, signal .5w, heading 3w', body: sat, signal: (w) => 0.5 * w, heading: (w) => 3 * w },
  { name: 'no norm at all', body: (w) => w, signal: (w) => w, heading: (w) => 3 * w },
];
const shipped = evaluate(queries, (q) => searchKeyword(index, q).map((r) => urlToId(r.url)));
console.log('shipped'.padEnd(42), shipped.overall.mrr.toFixed(3), shipped.overall.recall.toFixed(3), Object.entries(shipped.byKind).map(([k, m]) => `${k} ${m.mrr.toFixed(3)}`).join(' '));
for (const v of variants) {
  const s = evaluate(queries, (q) => rank(index, q, v));
  console.log(v.name.padEnd(42), s.overall.mrr.toFixed(3), s.overall.recall.toFixed(3), Object.entries(s.byKind).map(([k, m]) => `${k} ${m.mrr.toFixed(3)}`).join(' '));
}
