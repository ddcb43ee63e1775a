/**
 * A fixed pool of build worker threads (entry.mjs). Requests go to the worker with the fewest
 * in flight (at most `depth` each, so a worker never waits for the main thread between two
 * batches); answers come back as promises. A worker that dies fails every request still open.
 */
import { Worker } from 'node:worker_threads';
import { runsFromSources, siblingModule } from '../../module-file.ts';
import type { WorkSetup } from './file-work.ts';
import type { WorkTimes } from '../section-work.ts';
import type { WireFileWork, WorkRequest, WorkResponse } from './protocol.ts';

/** From sources, entry.mjs registers tsx before loading task.ts; the compiled package loads task.js itself. */
const ENTRY = runsFromSources(import.meta.url) ? new URL('./entry.mjs', import.meta.url) : siblingModule(import.meta.url, 'task');

interface Pending {
  readonly resolve: (value: { readonly files: readonly WireFileWork[]; readonly times: WorkTimes }) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  readonly open: Map<number, Pending>;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly waiting: { request: WorkRequest; pending: Pending }[] = [];
  private nextId = 0;
  private failure: Error | null = null;

  constructor(
    size: number,
    setup: WorkSetup,
    private readonly depth = 2,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => this.start(setup));
  }

  private start(setup: WorkSetup): Slot {
    const worker = new Worker(ENTRY, { workerData: setup });
    const slot: Slot = { worker, open: new Map() };
    worker.on('message', (response: WorkResponse) => {
      const pending = slot.open.get(response.id);
      slot.open.delete(response.id);
      if (response.ok) pending?.resolve({ files: response.value, times: response.times });
      else pending?.reject(new Error(response.message));
      this.dispatch();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (slot.open.size > 0) this.fail(new Error(`a build worker stopped (exit code ${code}) with work unfinished`));
    });
    return slot;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const slot of this.slots) {
      for (const pending of slot.open.values()) pending.reject(error);
      slot.open.clear();
    }
    for (const { pending } of this.waiting.splice(0)) pending.reject(error);
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slots.reduce((best, candidate) => (candidate.open.size < best.open.size ? candidate : best));
      if (slot.open.size >= this.depth) return;
      const next = this.waiting.shift();
      if (!next) return;
      slot.open.set(next.request.id, next.pending);
      slot.worker.postMessage(next.request);
    }
  }

  /** The work of `files`, in their order, and the time it took per phase. */
  run(files: readonly string[]): Promise<{ readonly files: readonly WireFileWork[]; readonly times: WorkTimes }> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting.push({ request: { id: (this.nextId += 1), files }, pending: { resolve, reject } });
      this.dispatch();
    });
  }

  /** Stops every worker; requests still open are failed. */
  async close(): Promise<void> {
    this.fail(new Error('the build worker pool was closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
