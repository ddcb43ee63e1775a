import type { Staleness } from '../compile/check.ts';
import { printable } from '../text/printable.ts';

/** Ids named per kind on the terminal; `--json` names every one. */
const SHOWN_PER_KIND = 10;

const KINDS = [
  ['added', 'added   '],
  ['changed', 'changed '],
  ['removed', 'removed '],
  ['files', 'file    '],
] as const;

/**
 * What `ask digest check` prints under its first line for a stale digest: the counts, then at
 * most SHOWN_PER_KIND ids of each kind (sections added, changed, removed; content files), then
 * "and N more", then the passes whose template changed.
 */
export function stalenessLines(result: Staleness): string[] {
  const { added, changed, removed, files } = result;
  const lines = [`  sections: ${added.length} added, ${changed.length} changed, ${removed.length} removed; files: ${files.length} changed`];
  for (const [kind, label] of KINDS) {
    const ids = result[kind];
    for (const id of ids.slice(0, SHOWN_PER_KIND)) lines.push(`  ${label} ${printable(id)}`);
    if (ids.length > SHOWN_PER_KIND) lines.push(`  ${label} and ${ids.length - SHOWN_PER_KIND} more (--json lists all)`);
  }
  for (const pass of result.templates) lines.push(`  template ${pass}`);
  return lines;
}

/** `ask digest check --json`: the whole result, every id named, with the folders as given and the counts. */
export function stalenessJson(result: Staleness, folders: { readonly digest: string; readonly content: string }): string {
  const { stale, missing, added, changed, removed, files, templates } = result;
  const counts = { added: added.length, changed: changed.length, removed: removed.length, files: files.length };
  return JSON.stringify({ stale, missing, digest: folders.digest, content: folders.content, counts, added, changed, removed, files, templates });
}
