import { UsageError, type CliIO, type Command } from './io.ts';
import { reportError } from './report-error.ts';

/** Every subcommand, by its words, loaded only when called. */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  'digest build': async () => (await import('./digest-build.ts')).digestBuild,
  'digest check': async () => (await import('./digest-check.ts')).digestCheck,
  'digest diff': async () => (await import('./digest-diff.ts')).digestDiff,
  'index build': async () => (await import('./index-build.ts')).indexBuild,
  serve: async () => (await import('./serve.ts')).serveCommand,
  search: async () => (await import('./read-commands.ts')).searchCommand,
  glossary: async () => (await import('./read-commands.ts')).glossaryCommand,
  sections: async () => (await import('./read-commands.ts')).sectionsCommand,
  section: async () => (await import('./read-commands.ts')).sectionCommand,
  overview: async () => (await import('./read-commands.ts')).overviewCommand,
  mcp: async () => (await import('./mcp.ts')).mcpCommand,
  'platform serve': async () => (await import('./platform-serve.ts')).platformServe,
  'worker build': async () => (await import('./worker-build.ts')).workerBuild,
};

const USAGE = `ask: a digest compiler and search runtime for documentation sites

usage: ask <command> [options]

  digest build [--content DIR] [--out DIR] [--site-url URL] [--site-name NAME] [--site-description TEXT] [--config FILE] [--provider P] [--model M] [--concurrency N] [--source-commit SHA] [--force]
  digest check [--content DIR] [--out DIR]
  digest diff [--base REV] [--out DIR]
  index build [--content DIR] [--digest DIR] [--out PATH]
  serve [--digest DIR] [--content DIR] [--host H] [--port N] [--endpoint PATH] [--platform-url URL] [--agent-debug-url URL]
  search QUERY [--endpoint URL | --digest DIR] [--json]
  glossary [TERM], sections [--group G], section ID, overview   [--endpoint URL | --digest DIR] [--json]
  mcp [--endpoint URL | --digest DIR] [--cache DIR]
  platform serve [--host H] [--port N] [--data DIR] [--trusted-proxy ADDR,...]
  worker build [--digest DIR] [--out DIR] [--endpoint PATH]

providers: anthropic (default, ANTHROPIC_API_KEY), openai (OPENAI_API_KEY), gemini (GEMINI_API_KEY), offline
`;

/** Finds the longest command name that prefixes argv (`digest build` before `digest`). */
function findCommand(argv: readonly string[]): { name: string; rest: readonly string[] } | null {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    if (argv.length >= words && name in COMMANDS) return { name, rest: argv.slice(words) };
  }
  return null;
}

/** Runs one command line and returns its exit code; every error is reported by `reportError`. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.out(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) return reportError(new UsageError(`ask: unknown command '${argv.join(' ')}' (run 'ask help' for the list)`), io);
  const load = COMMANDS[found.name];
  if (!load) return 2;
  try {
    const command = await load();
    return await command(found.rest, io);
  } catch (error) {
    return reportError(error, io);
  }
}
