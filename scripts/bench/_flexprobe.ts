import { Document, type DocumentData } from 'flexsearch';
import { loadContent } from '../../pipeline/content/index.ts';
import { capPerPage, evaluate, loadEvalQueries, FIXTURES_DIR } from './eval.ts';
const content = await loadContent({ contentDir: FIXTURES_DIR, siteUrl: '' });
const queries = await loadEvalQueries();
interface D extends DocumentData { id: string; title: string; heading: string; text: string }
const docs: D[] = content.sections.map((s) => ({ id: s.id, title: s.title, heading: s.heading ?? '', text: s.text }));
function run(name: string, options: object, strategy: 'merge' | 'rr' | 'weighted', extra: object = {}) {
  const idx = new Document<D>({ ...options, document: { id: 'id', index: ['title', 'heading', 'text'] } } as never);
  for (const d of docs) idx.add(d);
  const s = evaluate(queries, (q) => {
    if (strategy === 'merge') return capPerPage((idx.search(q, { limit: 50, suggest: true, merge: true, ...extra }) as { id: string }[]).map((h) => String(h.id)));
    const per = idx.search(q, { limit: 50, suggest: true, ...extra }) as unknown as { field: string; result: string[] }[];
    const score = new Map<string, number>();
    const w: Record<string, number> = strategy === 'weighted' ? { title: 3, heading: 2, text: 1 } : { title: 1, heading: 1, text: 1 };
    for (const f of per) f.result.forEach((id, r) => score.set(String(id), (score.get(String(id)) ?? 0) + (w[f.field] ?? 1) / (r + 10)));
    return capPerPage([...score].sort((a, b) => b[1] - a[1]).map(([id]) => id));
  });
  console.log(name.padEnd(40), s.overall.mrr.toFixed(3), s.overall.recall.toFixed(3), Object.entries(s.byKind).map(([k, m]) => `${k} ${m.mrr.toFixed(3)}`).join(' '));
}
run('forward merge', { tokenize: 'forward' }, 'merge');
run('forward rrf', { tokenize: 'forward' }, 'rr');
run('forward weighted rrf', { tokenize: 'forward' }, 'weighted');
run('forward merge resolution 9 context', { tokenize: 'forward', context: true }, 'merge');
run('strict merge', { tokenize: 'strict' }, 'merge');
run('preset score forward merge', { preset: 'score', tokenize: 'forward' }, 'merge');
run('preset match forward merge', { preset: 'match', tokenize: 'forward' }, 'merge');
