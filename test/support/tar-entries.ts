import { Parser, type ReadEntry } from 'tar';

/** The entry paths of a (gzipped) tar archive, read with the `tar` package's parser. */
export function tarEntries(archive: Uint8Array): string[] {
  const names: string[] = [];
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      names.push(entry.path);
      entry.resume();
    },
  });
  parser.end(Buffer.from(archive));
  return names;
}
