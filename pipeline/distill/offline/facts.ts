/**
 * The verbatim facts of a section, found in its syntax tree.
 *
 * Sources: inline code (kind by table column, else by a "default" cue, else
 * by a "header"/"field" cue for plain code, else by shape), flags inside
 * inline commands, code blocks (see code-blocks.ts),
 * tables (see fact-tables.ts), running text (see fact-prose.ts) and
 * autolinks (`<https://...>`). Then, in order:
 * 1. every literal is trimmed and kept only when 2-200 characters long (a
 *    one-digit default such as "defaults to 6" too) and found byte-for-byte
 *    in `section.source` (`source.includes(literal)`);
 * 2. duplicates collapse to the first occurrence, keeping the most specific
 *    kind (default > flag > key > value > code);
 * 3. past `MAX_FACTS`, the most specific kinds are kept;
 * 4. the result is in source order.
 */
import type { FactKind } from '../../types.ts';
import type { Nodes } from 'mdast';
import { codeBlockFacts } from './code-blocks.ts';
import { classifyLiteral, flagsIn, KIND_PRIORITY, looksLikeCommand, type Candidate } from './fact-kinds.ts';
import { kindFromContext, proseFacts } from './fact-prose.ts';
import { readTable, type TableFacts } from './fact-tables.ts';
import { isInert, startOf, walkAll } from './parse.ts';
import { plainText } from './text.ts';

/** At most this many facts per section. */
export const MAX_FACTS = 24;
/** Literals longer than this are not facts (a whole script is source, not a fact). */
const MAX_LITERAL = 200;

/**
 * At most this many distinct literals are checked against the section's source (each check reads
 * the source): a section of 100k inline code spans costs this many reads, not 100k.
 */
export const MAX_CHECKED_LITERALS = 500;

/** A fact as a section distillation carries it. */
export interface FoundFact {
  readonly kind: FactKind;
  readonly literal: string;
}

/** Candidates from every node of the section, in the order they were met. */
function collect(nodes: readonly Nodes[]): Candidate[] {
  const tables: TableFacts = { overrides: new Map(), candidates: [] };
  walkAll(nodes, (node) => {
    if (node.type === 'table') readTable(node, tables);
  });
  const found: Candidate[] = [...tables.candidates];
  walkAll(nodes, (node, parent, index) => {
    if (isInert(node)) return false;
    switch (node.type) {
      case 'inlineCode': {
        const literal = node.value.trim();
        const at = startOf(node);
        const shape = classifyLiteral(literal);
        const context = shape !== null && shape !== 'flag' ? kindFromContext(parent, index) : null;
        const stated = context === 'default' || (context === 'key' && shape === 'code') ? context : shape;
        const kind = tables.overrides.get(node) ?? stated;
        if (kind) found.push({ kind, literal, at });
        if (kind !== 'flag' && looksLikeCommand(literal)) {
          for (const flag of flagsIn(literal)) found.push({ kind: 'flag', literal: flag.literal, at: at + flag.index + 1 });
        }
        return false;
      }
      case 'code':
        found.push(...codeBlockFacts(node));
        return false;
      case 'text':
        found.push(...proseFacts(node.value, startOf(node)));
        return false;
      case 'link': {
        const text = plainText(node).trim();
        if (text === node.url && /^https?:\/\//.test(text)) found.push({ kind: 'value', literal: text, at: startOf(node) });
        return true;
      }
      default:
        return true;
    }
  });
  return found;
}

/** Keeps verbatim literals (the first MAX_CHECKED_LITERALS distinct ones checked), merges duplicates, caps the count, restores source order. */
export function selectFacts(source: string, candidates: readonly Candidate[]): FoundFact[] {
  const byLiteral = new Map<string, { kind: FactKind; at: number; seq: number }>();
  const checked = new Set<string>();
  candidates.forEach((candidate, seq) => {
    const literal = candidate.literal.trim();
    const tooShort = literal.length < 2 && !(/^\d$/.test(literal) && candidate.kind === 'default');
    if (tooShort || literal.length > MAX_LITERAL) return;
    const seen = byLiteral.get(literal);
    if (!seen) {
      if (checked.size >= MAX_CHECKED_LITERALS || checked.has(literal)) return;
      checked.add(literal);
      if (!source.includes(literal)) return;
      byLiteral.set(literal, { kind: candidate.kind, at: candidate.at, seq });
      return;
    }
    const kind = KIND_PRIORITY[candidate.kind] > KIND_PRIORITY[seen.kind] ? candidate.kind : seen.kind;
    const first = candidate.at < seen.at ? { at: candidate.at, seq } : { at: seen.at, seq: seen.seq };
    byLiteral.set(literal, { kind, ...first });
  });
  const all = [...byLiteral.entries()].map(([literal, found]) => ({ literal, ...found }));
  const inSourceOrder = (a: { at: number; seq: number }, b: { at: number; seq: number }): number =>
    a.at - b.at || a.seq - b.seq;
  const kept =
    all.length <= MAX_FACTS
      ? all
      : [...all].sort((a, b) => KIND_PRIORITY[b.kind] - KIND_PRIORITY[a.kind] || inSourceOrder(a, b)).slice(0, MAX_FACTS);
  return kept.sort(inSourceOrder).map(({ kind, literal }) => ({ kind, literal }));
}

/** The facts of a section: its heading and body nodes, checked against its source. */
export function extractFacts(source: string, nodes: readonly Nodes[]): FoundFact[] {
  return selectFacts(source, collect(nodes));
}
