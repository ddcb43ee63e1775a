import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ListeningProcess {
  /** The URL of its `listening on URL` line, no trailing slash. */
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote to stderr so far. */
  readonly stderr: () => string;
  stop(): Promise<void>;
}

/**
 * Starts a server process and resolves once it prints `listening on <url>` (ours and the
 * snippets of docs/hosts.md print that line); a process that exits first rejects with its stderr.
 */
export function startListening(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<ListeningProcess> {
  const child = spawn(command, [...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const url = /^listening on (https?:\/\/\S+?)\/?$/.exec(line.trim())?.[1];
      if (url !== undefined) resolve({ url, child, stderr: () => stderr, stop });
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening: ${stderr}`)));
    child.once('error', reject);
  });
}
