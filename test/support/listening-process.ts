import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ListeningProcess {
  /** The URL of its `listening on URL` line, no trailing slash. */
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote to stderr so far. */
  readonly stderr: () => string;
  /** Every line it wrote so far, both streams. */
  readonly logs: string[];
  stop(): Promise<void>;
}

/** Ours and the snippets of docs/hosts.md print this line; group 1 is the URL. */
const LISTENING_ON = /^listening on (https?:\/\/\S+?)\/?$/;

/**
 * Starts a server process and resolves once a line of its output (either stream) matches
 * `listening` (default: `listening on <url>`; group 1 is the URL); a process that exits first
 * rejects with what it wrote to stderr.
 */
export function startListening(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; listening?: RegExp },
): Promise<ListeningProcess> {
  // its own process group: `npx ask serve` runs the server as a child of npx, and stopping npx
  // alone would leave that server listening after the tests
  const child = spawn(command, [...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  const listening = options.listening ?? LISTENING_ON;
  let stderr = '';
  const logs: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        if (child.pid === undefined || process.platform === 'win32') child.kill();
        else process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill();
      }
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        logs.push(line);
        const url = listening.exec(line.trim())?.[1];
        if (url !== undefined) resolve({ url, child, stderr: () => stderr, logs, stop });
      });
    }
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening: ${stderr}`)));
    child.once('error', reject);
  });
}
