import type { TreeProblems } from '../compile/verify-tree.ts';
import { fileList } from './file-list.ts';

const KINDS = [
  ['changed', 'changed', ''],
  ['missing', 'missing', ''],
  ['extra', 'extra  ', ''],
  ['archive', 'archive', ' (not the archive of the tree)'],
] as const;

/** One line per kind of problem: at most FILES_SHOWN files (file-list.ts), then "and N more". */
function problemLines(problems: TreeProblems): string[] {
  const lines: string[] = [];
  for (const [kind, label, note] of KINDS) {
    const files = problems[kind];
    if (files.length === 0) continue;
    lines.push(`  ${label} ${fileList(files)}${note}`);
  }
  return lines;
}

/**
 * What `ask digest check` prints of a digest whose hashes match its content but whose tree is not
 * what the build makes of it: the first line ends in the command that makes it again.
 */
export function treeLines(problems: TreeProblems, out: string, content: string, command: string): string[] {
  return [`ask: the digest in '${out}' is not what the build makes of '${content}' (edited by hand?); rebuild it and commit the result: ${command}`, ...problemLines(problems)];
}
