import { fixtureDigest, loadEvalQueries, evaluate, urlToId } from './eval.ts';
import { loadSearchIndex, searchKeyword } from '../../pipeline/search/index.ts';
const t = performance.now();
const d = await fixtureDigest({ preferCommitted: false });
console.log(d.origin, (performance.now() - t).toFixed(0), 'ms');
const index = await loadSearchIndex(d.dir);
const s = evaluate(await loadEvalQueries(), (q) => searchKeyword(index, q).map((r) => urlToId(r.url)));
console.log(JSON.stringify(s.overall), JSON.stringify(s.byKind));
await d.dispose();
