/** The body of a build worker thread: answers batches of files with their FileWork, one batch at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import { workOnFile, type WorkSetup } from './file-work.ts';
import { toWire, type WireFileWork, type WorkRequest, type WorkResponse } from './protocol.ts';

const setup = workerData as WorkSetup;
const port = parentPort;
if (port === null) throw new Error('task.ts runs as a worker thread');

async function answer(request: WorkRequest): Promise<WorkResponse> {
  try {
    const value: WireFileWork[] = [];
    for (const file of request.files) value.push(toWire(await workOnFile(setup, file)));
    return { id: request.id, ok: true, value };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// batches are answered in the order they came, one after the other
let previous: Promise<void> = Promise.resolve();
port.on('message', (request: WorkRequest) => {
  previous = previous.then(async () => port.postMessage(await answer(request)));
});
