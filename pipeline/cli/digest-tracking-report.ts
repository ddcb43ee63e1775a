/**
 * The lines `ask digest check` and `ask digest build` print about what git holds of the digest
 * (`compile/digest-tracking.ts`): one line per kind of trouble, at most FILES_SHOWN files named (file-list.ts).
 */
import type { DigestTracking, IgnoredFile } from '../compile/digest-tracking.ts';
import { counted } from '../text/counted.ts';
import { printable } from '../text/printable.ts';
import { fileList as named } from './file-list.ts';

/** The digest folder as the user named it (`--out`), without a trailing separator. */
function folderOf(out: string): string {
  return out.replace(/[\\/]+$/, '');
}

/** Digest-relative files inside the folder as the user named it. */
function inFolder(out: string, files: readonly string[]): string[] {
  return files.map((file) => `${folderOf(out)}/${file}`);
}

/** `it` or `them`, as many as `items`. */
function them(items: readonly unknown[]): string {
  return items.length === 1 ? 'it' : 'them';
}

/** `n files of the digest` and the files, with the rules that ignore them. */
function ignoredPart(ignored: readonly IgnoredFile[], out: string): string {
  const rules = [...new Set(ignored.map(({ rule }) => rule))];
  return `git ignores ${counted(ignored.length, 'file')} of the digest: ${named(inFolder(out, ignored.map(({ file }) => file)))} (by ${named(rules)})`;
}

/**
 * What fails `ask digest check` in a git work tree: ignored files always (a clone lacks them),
 * files the manifest names that are missing always (a clone of a commit that left them out),
 * untracked files with `--committed` only (right after a build, before `git add`, they are the
 * build's new files). None outside a work tree.
 */
export function trackingLines(tracking: DigestTracking | null, out: string, committed: boolean): string[] {
  if (tracking === null) return [];
  const lines: string[] = [];
  if (tracking.ignored.length > 0) {
    lines.push(`ask: ${ignoredPart(tracking.ignored, out)}, so a clone lacks ${them(tracking.ignored)}; run 'ask digest build' (its ${printable(folderOf(out))}/.gitignore takes ${them(tracking.ignored)} back, unless a rule ignores the digest folder itself or one above it) and commit ${them(tracking.ignored)}`);
  }
  if (tracking.missing.length > 0) {
    lines.push(`ask: the digest's manifest names ${counted(tracking.missing.length, 'file')} that ${tracking.missing.length === 1 ? 'is' : 'are'} not there: ${named(inFolder(out, tracking.missing))}; run 'ask digest build' and commit the whole folder (git add ${printable(out)})`);
  }
  if (committed && tracking.untracked.length > 0) {
    lines.push(`ask: ${counted(tracking.untracked.length, 'file')} of the digest ${tracking.untracked.length === 1 ? 'is' : 'are'} not committed: ${named(inFolder(out, tracking.untracked))}; commit ${them(tracking.untracked)} (git add ${printable(out)})`);
  }
  return lines;
}

/** The build's one warning line when git still ignores files it wrote; null when it ignores none. */
export function hiddenFilesWarning(hidden: readonly IgnoredFile[], out: string): string | null {
  if (hidden.length === 0) return null;
  return `ask: warning: ${ignoredPart(hidden, out)}, so ${hidden.length === 1 ? 'it' : 'they'} cannot be committed; the digest's .gitignore cannot take back a rule that ignores the digest folder itself or one above it: change that rule`;
}
