/**
 * The messages between the build and its worker threads. Everything crosses by structured
 * clone, which keeps plain data only: a ContentError travels as its file and problem.
 */
import { ContentError } from '../../content/index.ts';
import type { WorkTimes } from '../section-work.ts';
import type { FileWork } from './file-work.ts';

/** A FileWork as it crosses a thread boundary. */
export interface WireFileWork {
  readonly loaded: Omit<FileWork['loaded'], 'error'> & { readonly error: { readonly file: string; readonly problem: string } | null };
  readonly sections: FileWork['sections'];
}

/** A batch of files for one worker. */
export interface WorkRequest {
  readonly id: number;
  readonly files: readonly string[];
}

/** A worker's answer: the batch's work in the order of its files, or why it failed. */
export type WorkResponse =
  | { readonly id: number; readonly ok: true; readonly value: readonly WireFileWork[]; readonly times: WorkTimes }
  | { readonly id: number; readonly ok: false; readonly message: string };

export function toWire(work: FileWork): WireFileWork {
  const { error } = work.loaded;
  return { loaded: { ...work.loaded, error: error ? { file: error.file, problem: error.problem } : null }, sections: work.sections };
}

export function fromWire(wire: WireFileWork): FileWork {
  const { error } = wire.loaded;
  return { loaded: { ...wire.loaded, error: error ? new ContentError(error.file, error.problem) : null }, sections: wire.sections };
}
