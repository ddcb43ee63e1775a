import { readdir, readFile } from 'node:fs/promises';

/** The resident memory of the workerd processes this process started (miniflare's), in bytes: /proc on Linux, null elsewhere. */
export async function workerdResidentBytes(): Promise<number | null> {
  let total = 0;
  let found = false;
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const name = /^Name:\s*(\S+)/m.exec(status)?.[1];
    const parent = Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]);
    const resident = Number(/^VmRSS:\s*(\d+) kB/m.exec(status)?.[1]);
    if (name === 'workerd' && parent === process.pid && Number.isFinite(resident)) {
      total += resident * 1024;
      found = true;
    }
  }
  return found ? total : null;
}
