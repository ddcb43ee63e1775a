import type { Staleness } from '../compile/check.ts';
import { printable } from '../text/printable.ts';
import { CONFIG_FILE } from './config-schema.ts';
import type { Rebuild } from './rebuild-command.ts';

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
function stalenessLines(result: Staleness): string[] {
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

/**
 * What `ask digest check` prints of a stale digest (`rebuild` given): the first line ends in the
 * exact command that rebuilds it with the options it was built with; then what of those no flag
 * gives, then what changed (`stalenessLines`).
 */
export function staleLines(result: Staleness, out: string, rebuild: Rebuild | null): string[] {
  const command = rebuild?.command ?? 'ask digest build';
  if (result.missing) return [`ask: no digest in '${out}'; build it and commit it: ${command}`];
  const unsaid = rebuild?.unsaid ?? [];
  const settings = unsaid.length === 0 ? [] : [`  the digest was built with ${unsaid.join(', ')}, which no flag gives: set ${unsaid.length === 1 ? 'it' : 'them'} in ${CONFIG_FILE} to keep ${unsaid.length === 1 ? 'it' : 'them'}`];
  return [`ask: the digest in '${out}' is stale; rebuild it and commit the result: ${command}`, ...settings, ...stalenessLines(result)];
}

/** `ask digest check --json`: the whole result, every id named (`tree`: the files not the build's, by kind, null when stale), with the folders as given, the counts and (stale) the command that rebuilds it. */
export function stalenessJson(result: Staleness, folders: { readonly digest: string; readonly content: string }, rebuild: Rebuild | null = null): string {
  const { stale, missing, added, changed, removed, files, templates, tree } = result;
  const counts = { added: added.length, changed: changed.length, removed: removed.length, files: files.length };
  return JSON.stringify({ stale, missing, digest: folders.digest, content: folders.content, counts, added, changed, removed, files, templates, tree, ...(rebuild === null ? {} : { rebuild: rebuild.command }) });
}
