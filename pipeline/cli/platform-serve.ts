import { parseCommand } from './command-spec.ts';
import { PLATFORM_SERVE } from './specs/index.ts';
import path from 'node:path';
import { ownerFromEnvironment, startReferencePlatform } from '../../platform/index.ts';
import { trustedProxySet } from '../../platform/client-address.ts';
import { parseIntegerFlag } from './args.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';

export const PLATFORM_DEFAULT_PORT = 4322;

/**
 * `ask platform serve`: the embedded reference platform. The first stdout line
 * is `listening on http://HOST:PORT`; then the agent debug address, where
 * outgoing mail (one-time passcodes) can be read, and how to log in (the
 * generated owner password is printed once, on the first start).
 */
export const platformServe: Command = async (argv, io) => {
  const { values, positionals } = parseCommand(PLATFORM_SERVE, argv);
  if (positionals.length > 0) throw new UsageError(`ask platform serve: unexpected argument '${positionals[0]}'`);
  const port = parseIntegerFlag('platform serve', 'port', values.port, PLATFORM_DEFAULT_PORT);
  if (port > 65535) throw new UsageError(`ask platform serve: --port must be 0 to 65535, got ${port}`);
  const dataDir = values.data === undefined ? undefined : path.resolve(io.cwd, values.data);
  // Comma-separated IP addresses of the proxies whose `Ask-Client-Address` header is believed.
  const trustedProxies = (values['trusted-proxy'] ?? io.env['PLATFORM_TRUSTED_PROXIES'] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    trustedProxySet(trustedProxies);
  } catch (error) {
    throw new UsageError(`ask platform serve: --trusted-proxy: ${error instanceof Error ? error.message : String(error)}`);
  }

  let platform;
  try {
    platform = await startReferencePlatform({
      host: values.host,
      port,
      ...(dataDir === undefined ? {} : { dataDir }),
      trustedProxies,
      owner: ownerFromEnvironment(io.env),
      log: io.err,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommandFailure(`ask platform serve: could not start: ${reason} (check --host, --port, --data and PLATFORM_OWNER_PASSWORD)`);
  }

  io.out(`listening on ${platform.url}`);
  io.out(`agent debug routes on ${platform.agentDebugUrl}`);
  io.out(`state: ${dataDir ?? 'in memory (lost on exit; use --data DIR to keep it)'}`);
  const mailFolder = dataDir === undefined ? 'kept in memory' : `${path.join(dataDir, 'mail')}${path.sep} (one file per message)`;
  io.out(`mail (one-time passcodes): ${mailFolder}; also at ${platform.mailCatcherUrl} (this machine only, keep the key private)`);
  if (platform.owner.password !== undefined) {
    io.out(`owner: ${platform.owner.email}, initial password: ${platform.owner.password} (shown once; change it with a one-time passcode)`);
  } else {
    io.out(`owner: ${platform.owner.email}, password: PLATFORM_OWNER_PASSWORD if it was set at the first start, else the one printed then`);
  }
  io.out(`log in: curl -X POST ${platform.url}/api/v2/users/login -H 'content-type: application/json' -d '{"email":"${platform.owner.email}","password":"..."}'`);

  await io.stopSignal;
  await platform.close();
  return 0;
};
