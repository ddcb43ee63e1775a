import { buildSearchIndex, openSearchIndex, parseSearchIndex, queryTerms, searchKeyword, stem } from '../../pipeline/search/index.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { readGlossary, readManifest, readNode } from '../../pipeline/digest/read.ts';
import { readFile } from 'node:fs/promises';
import type { DigestNode } from '../../pipeline/types.ts';
import { evaluate, loadEvalQueries, urlToId, FIXTURES_DIR } from './eval.ts';
const shipped = parseSearchIndex(await readFile('digest/search/index.json', 'utf8'));
const m = (await readManifest('digest'))!;
const nodes = new Map<string, DigestNode>();
for (const [id, e] of Object.entries(m.sections)) { const n = await readNode('digest', e.file); if (n) nodes.set(id, n); }
const content = await loadContent({ contentDir: FIXTURES_DIR, siteUrl: '' });
const glossary = await readGlossary('digest');
const rebuilt = buildSearchIndex({ sections: content.sections, nodes, glossary });
console.log('rebuilt equals shipped:', JSON.stringify(rebuilt) === JSON.stringify(shipped.file));
const un = openSearchIndex(buildSearchIndex({ sections: content.sections, nodes, glossary, stem: false }));
const queries = await loadEvalQueries();
const a = evaluate(queries, (q) => searchKeyword(shipped, q).map((r) => urlToId(r.url)));
const b = evaluate(queries, (q) => searchKeyword(un, q).map((r) => urlToId(r.url)));
a.perQuery.forEach((p, i) => { const o = b.perQuery[i]!; if (o.score.reciprocalRank !== p.score.reciprocalRank) console.log(p.query.kind, JSON.stringify(p.query.query), 'stem', p.score.reciprocalRank.toFixed(2), 'nostem', o.score.reciprocalRank.toFixed(2), JSON.stringify(queryTerms(shipped, p.query.query).terms)); });
console.log(['settings', 'setting', 'rules', 'ranking', 'notifications', 'paging', 'capture', 'tokens', 'expires', 'emails', 'using', 'passes', 'status', 'access'].map((w) => `${w}->${stem(w)}`).join(' '));
let fired = 0;
for (const q of queries) { const t = queryTerms(shipped, q.query); if (t.expanded.length) { fired++; console.log('glossary', JSON.stringify(q.query), t.expanded.join(',')); } }
console.log('glossary fired on', fired, 'of', queries.length, 'glossary entries', shipped.file.glossary.length);
