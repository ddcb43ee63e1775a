import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../../pipeline/cli/main.ts';

export interface CliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

const ASK_BIN = path.join(import.meta.dirname, '..', '..', 'scripts', 'ask.js');

/** Runs `ask ...argv` in this process, capturing its lines (no provider keys in its environment). */
export async function runAsk(argv: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { ...env },
    cwd,
    interactive: false,
    stopSignal: new Promise(() => {}),
  });
  return { code, out, err };
}

/** Starts the real `ask` bin as a child process (no provider keys in its environment, CI set). */
export function startAsk(argv: readonly string[], cwd: string, env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [ASK_BIN, ...argv], { cwd, env: { PATH: process.env['PATH'] ?? '', CI: 'true', ...env } });
}

/** Runs the real `ask` bin as a child process and collects its output and exit code. */
export function spawnAsk(argv: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = startAsk(argv, cwd, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
