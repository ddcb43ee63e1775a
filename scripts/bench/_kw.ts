import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { loadEvalQueries } from './eval.ts';
import { loadSearchIndex, searchKeyword } from '../../pipeline/search/index.ts';
const h = createNodeAskHandler({ digestDir: 'digest', log: () => {} });
const qs = (await loadEvalQueries()).map((q) => q.query);
const req = (q: string) => new Request('http://x/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, mode: 'keyword' }) });
await (await h(req('x'))).text();
let t = performance.now();
for (let i = 0; i < 500; i++) await (await h(req(qs[i % qs.length]!))).text();
console.log('handler per request ms', ((performance.now() - t) / 500).toFixed(3));
const index = await loadSearchIndex('digest');
t = performance.now();
for (let i = 0; i < 2000; i++) searchKeyword(index, qs[i % qs.length]!);
console.log('searchKeyword per query ms', ((performance.now() - t) / 2000).toFixed(3));
const slow: [number, string][] = [];
for (const q of qs) { const t0 = performance.now(); for (let i = 0; i < 5; i++) searchKeyword(index, q); slow.push([(performance.now() - t0) / 5, q]); }
slow.sort((a, b) => b[0] - a[0]); console.log(slow.slice(0, 5));
