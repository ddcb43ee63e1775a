import { runCli } from './main.ts';

/** Runs the command line of this process and exits with its code. */
export async function main(): Promise<void> {
  const stopSignal = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const code = await runCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY) && !process.env['CI'],
    stopSignal,
  });
  process.exitCode = code;
  // a server command resolves only after it closed; nothing else keeps the process alive
  if (code !== 0) setImmediate(() => process.exit(code));
}
