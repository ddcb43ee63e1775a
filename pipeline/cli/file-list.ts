/** How a command line names many files: at most FILES_SHOWN, printable, then `and N more` (`--json` names every one). */
import { printable } from '../text/printable.ts';

const FILES_SHOWN = 10;

/** `a, b, c` or `a, …, j and 4 more`. */
export function fileList(files: readonly string[]): string {
  const shown = files.slice(0, FILES_SHOWN).map((file) => printable(file)).join(', ');
  return files.length > FILES_SHOWN ? `${shown} and ${files.length - FILES_SHOWN} more` : shown;
}
