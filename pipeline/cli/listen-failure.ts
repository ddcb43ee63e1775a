import { CommandFailure } from './io.ts';

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** `host:port` as a URL writes it (an IPv6 address in brackets). */
function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * A server that could not listen, as one line for its user: the address taken, refused or not
 * this machine's, and what to do (`--port 0` picks a free port). Any other error is returned as
 * it was.
 */
export function listenFailure(command: string, error: unknown, host: string, port: number): unknown {
  const where = hostPort(host, port);
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new CommandFailure(`${command}: ${where} is already in use; stop what listens there, pick another --port, or pass --port 0 to get a free one`);
    case 'EACCES':
    case 'EPERM':
      return new CommandFailure(`${command}: not allowed to listen on ${where} (ports below 1024 need privileges); pick a --port of 1024 or more, or --port 0 for a free one`);
    case 'EADDRNOTAVAIL':
      return new CommandFailure(`${command}: cannot listen on ${where}: ${host} is not an address of this machine; pass --host 127.0.0.1 or 0.0.0.0`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new CommandFailure(`${command}: cannot listen on ${where}: the host name ${host} does not resolve; pass --host 127.0.0.1 or 0.0.0.0`);
    default:
      return error;
  }
}
