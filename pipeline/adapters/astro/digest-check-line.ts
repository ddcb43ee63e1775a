import { stat } from 'node:fs/promises';
import { ContentErrors } from '../../content/load.ts';
import { checkDigest, type Staleness } from '../../compile/check.ts';
import { DigestFormatError } from '../../format/manifest.ts';
import { counted as count } from '../../text/counted.ts';
import { hasProblems } from '../../compile/verify-tree.ts';

/** The two folders as the user named them (relative to the project), for the line; never this machine's paths. */
export interface ShownFolders {
  readonly content: string;
  readonly digest: string;
}

/** What changed, in a few words: sections first ("1 section added, 2 changed"), else content files, else the distiller's passes or the search tables. */
function whatChanged(result: Staleness): string {
  const sections = (
    [
      [result.added.length, 'added'],
      [result.changed.length, 'changed'],
      [result.removed.length, 'removed'],
    ] as const
  ).filter(([n]) => n > 0);
  if (sections.length > 0) return sections.map(([n, what], index) => (index === 0 ? `${count(n, 'section', 'sections')} ${what}` : `${n} ${what}`)).join(', ');
  if (result.files.length > 0) return `${count(result.files.length, 'content file', 'content files')} changed`;
  return `${result.templates.join(', ')} out of date`;
}

function firstLine(error: Error): string {
  const lines = error.message.split('\n');
  return lines.length > 1 ? `${lines[0] ?? ''} (and ${count(lines.length - 1, 'other problem', 'other problems')})` : error.message;
}

/**
 * `ask digest check` as one line for a host's build: null when the digest in `digestDir`
 * matches the content in `contentDir`, else what is wrong and what to run.
 */
export async function digestCheckLine(contentDir: string, digestDir: string, shown: ShownFolders): Promise<string | null> {
  const rebuild = `run 'ask digest build --content ${shown.content} --out ${shown.digest}'`;
  const folder = await stat(contentDir).catch(() => null);
  if (!folder?.isDirectory()) return `ask: no content folder at '${shown.content}'; set the integration's 'content' option to the folder of your Markdown pages`;
  let result: Staleness;
  try {
    result = await checkDigest(contentDir, digestDir);
  } catch (error) {
    if (error instanceof ContentErrors || error instanceof DigestFormatError) return `ask: ${firstLine(error)}`;
    throw error;
  }
  if (!result.stale && result.tree !== null && hasProblems(result.tree)) {
    const { changed, missing, extra, archive } = result.tree;
    return `ask: the digest in '${shown.digest}' is not what the build makes of its content (${count(changed.length + missing.length + extra.length + archive.length, 'file', 'files')} not the build's: edited by hand?); ${rebuild}`;
  }
  if (!result.stale) return null;
  if (result.missing) return `ask: no digest in '${shown.digest}'; ${rebuild} and commit it`;
  return `ask: the digest in '${shown.digest}' is stale (${whatChanged(result)}); ${rebuild}`;
}
