// `npm start`: the demo. Builds the digest of content-fixtures when it is stale, starts the
// embedded reference platform, and serves the docs page, /api/ask and the platform proxy
// on http://127.0.0.1:4321 (PORT overrides the port).
import { checkDigest } from '../pipeline/compile/check.ts';
import { runCli } from '../pipeline/cli/main.ts';
import { processIO } from '../pipeline/cli/process.ts';
import { startReferencePlatform } from '../platform/index.ts';

const io = processIO();

const staleness = await checkDigest('content-fixtures', 'digest');
if (staleness.stale) {
  const built = await runCli(['digest', 'build', '--content', 'content-fixtures', '--out', 'digest'], io);
  if (built !== 0) process.exit(built);
}

// the proxy of `ask serve` below runs on this machine: the platform believes the client address it passes
const platform = await startReferencePlatform({ log: io.err, trustedProxies: ['127.0.0.1'], ...(process.env['PLATFORM_DATA'] ? { dataDir: process.env['PLATFORM_DATA'] } : {}) });
io.err(`reference platform on ${platform.url}; owner ${platform.owner.email}${platform.owner.password ? ` with password ${platform.owner.password}` : ''}`);
io.err(`one-time passcodes are mailed to ${platform.mailCatcherUrl} (this machine only)`);
const code = await runCli(
  ['serve', '--digest', 'digest', '--content', 'content-fixtures', '--port', process.env['PORT'] ?? '4321', '--platform-url', platform.url, '--agent-debug-url', platform.agentDebugUrl],
  io,
);
await platform.close();
process.exit(code);
