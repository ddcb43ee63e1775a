import type { CorpusInput, DigestNode, GlossaryEntry } from '../../types.ts';

/** Bumped when the rendering below changes, so the corpus passes re-run. */
export const CORPUS_FORMAT_VERSION = 'corpus-v1';

/** About 60k tokens: leaves room for instructions and output in every provider's context window. */
const DEFAULT_CORPUS_BUDGET = 240_000;

type Detail = 'full' | 'terms' | 'headings';

function line(node: DigestNode, detail: Detail): string {
  const where = node.heading ? `${node.title} › ${node.heading}` : node.title;
  const head = `- [${node.id}] ${where}${node.group ? ` (${node.group})` : ''}`;
  if (detail === 'headings') return head;
  const terms = node.terms.length > 0 ? `\n  terms: ${node.terms.join(', ')}` : '';
  if (detail === 'terms') return head + terms;
  return `${head}\n  ${node.summary.replace(/\s+/g, ' ').trim()}${terms}`;
}

/**
 * The corpus as the model sees it in the corpus passes: one entry per section (id, page
 * and heading, group, summary, terms), in the order of `corpus.nodes`. When the whole
 * does not fit in `budget` characters, summaries go first, then terms, then sections
 * past the budget (the listing says how many were left out).
 */
export function renderCorpus(corpus: CorpusInput, budget: number = DEFAULT_CORPUS_BUDGET): string {
  for (const detail of ['full', 'terms', 'headings'] as const) {
    const text = corpus.nodes.map((node) => line(node, detail)).join('\n');
    if (text.length <= budget) return `${corpus.nodes.length} sections:\n${text}`;
  }
  const kept: string[] = [];
  let size = 0;
  for (const node of corpus.nodes) {
    const entry = line(node, 'headings');
    if (size + entry.length + 1 > budget) break;
    kept.push(entry);
    size += entry.length + 1;
  }
  const left = corpus.nodes.length - kept.length;
  return `${corpus.nodes.length} sections (the last ${left} are left out for length):\n${kept.join('\n')}`;
}

/** The glossary as the suggestion and context passes see it. */
export function renderGlossary(glossary: readonly GlossaryEntry[]): string {
  if (glossary.length === 0) return '(no glossary)';
  return glossary
    .map((e) => `- ${e.term}${e.aliases.length > 0 ? ` (also: ${e.aliases.join(', ')})` : ''}: ${e.definition}`)
    .join('\n');
}
