/** The body of a build worker thread: answers batches of files with their FileWork, one batch at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Distiller } from '../../types.ts';
import { noTimes } from '../section-work.ts';
import { workOnFile, type WorkSetup } from './file-work.ts';
import { toWire, type WireFileWork, type WorkRequest, type WorkResponse } from './protocol.ts';

const setup = workerData as WorkSetup;
const port = parentPort;
if (port === null) throw new Error('task.ts runs as a worker thread');
const known = new Set(setup.known);

/** The distiller of `threadModule` (`Distiller.threadModule`), made once for this thread. */
async function threadDistiller(): Promise<Distiller | null> {
  if (setup.threadModule === null) return null;
  const module = (await import(setup.threadModule)) as { createThreadDistiller?: () => Distiller };
  if (typeof module.createThreadDistiller !== 'function') throw new Error(`${setup.threadModule} exports no createThreadDistiller`);
  return module.createThreadDistiller();
}
const distiller = threadDistiller();

async function answer(request: WorkRequest): Promise<WorkResponse> {
  try {
    const value: WireFileWork[] = [];
    const times = noTimes();
    for (const file of request.files) value.push(toWire(await workOnFile(setup, await distiller, (hash) => known.has(hash), file, times)));
    return { id: request.id, ok: true, value, times };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// batches are answered in the order they came, one after the other
let previous: Promise<void> = Promise.resolve();
port.on('message', (request: WorkRequest) => {
  previous = previous.then(async () => port.postMessage(await answer(request)));
});
