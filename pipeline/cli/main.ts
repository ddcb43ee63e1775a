import { closest } from '../text/closest.ts';
import { commandHelp, refuseUnknown, type CommandSpec } from './command-spec.ts';
import { UsageError, type CliIO, type Command } from './io.ts';
import { packageVersion } from './package-version.ts';
import { reportError } from './report-error.ts';
import { COMMAND_SPECS } from './specs/index.ts';

/** Every command's code, by its words, loaded only when called. */
const RUNNERS: Readonly<Record<string, () => Promise<Command>>> = {
  init: async () => (await import('./init.ts')).initCommand,
  'digest build': async () => (await import('./digest-build.ts')).digestBuild,
  'digest check': async () => (await import('./digest-check.ts')).digestCheck,
  'digest diff': async () => (await import('./digest-diff.ts')).digestDiff,
  'index build': async () => (await import('./index-build.ts')).indexBuild,
  eval: async () => (await import('./eval.ts')).evalCommand,
  insights: async () => (await import('./insights.ts')).insightsCommand,
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

/** `ask --help`: every command with its one line. */
function overallHelp(): string {
  const width = Math.max(...COMMAND_SPECS.map((spec) => spec.name.length)) + 2;
  return [
    'ask: a digest compiler and search runtime for documentation sites',
    '',
    'usage: ask <command> [options]',
    '',
    'commands:',
    ...COMMAND_SPECS.map((spec) => `  ${spec.name.padEnd(width)}${spec.summary}`),
    '',
    "'ask <command> --help' (or 'ask help <command>') for a command's options; 'ask --version' for the version.",
    'providers: anthropic (default, ANTHROPIC_API_KEY), openai (OPENAI_API_KEY), gemini (GEMINI_API_KEY), offline',
  ].join('\n');
}

/** The command whose words start argv, longest first (`digest build` before `digest`). */
function findCommand(argv: readonly string[]): { spec: CommandSpec; rest: readonly string[] } | null {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const spec = argv.length >= words ? COMMAND_SPECS.find((candidate) => candidate.name === name) : undefined;
    if (spec !== undefined) return { spec, rest: argv.slice(words) };
  }
  return null;
}

/** The one line for words that name no command, with the closest command when one is near. */
function unknownCommand(argv: readonly string[]): UsageError {
  const words = argv.filter((word) => !word.startsWith('-')).slice(0, 2);
  const names = COMMAND_SPECS.map((spec) => spec.name);
  const near = closest(words.join(' '), names) ?? closest(words[0] ?? '', names);
  return new UsageError(`ask: unknown command '${words.join(' ') || argv[0] || ''}'${near === null ? '' : ` (did you mean 'ask ${near}'?)`}; see ask --help`);
}

/** True when a command's argv asks for its help (before any `--`). */
function asksForHelp(rest: readonly string[]): boolean {
  const end = rest.indexOf('--');
  return (end === -1 ? rest : rest.slice(0, end)).some((token) => token === '--help' || token === '-h');
}

/** Runs one command line and returns its exit code; every error is reported by `reportError`. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [first] = argv;
  if (first === undefined || first === '--help' || first === '-h' || (first === 'help' && argv.length === 1)) {
    io.out(overallHelp());
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.out(await packageVersion());
    return 0;
  }
  const helpFor = first === 'help';
  const found = findCommand(helpFor ? argv.slice(1) : argv);
  if (found === null) return reportError(unknownCommand(helpFor ? argv.slice(1) : argv), io);
  if (helpFor || asksForHelp(found.rest)) {
    io.out(commandHelp(found.spec));
    return 0;
  }
  const load = RUNNERS[found.spec.name];
  if (load === undefined) return reportError(unknownCommand(argv), io);
  try {
    // a misspelt option is said before the command's code (a build's, a server's) is loaded
    refuseUnknown(found.spec, found.rest);
    const command = await load();
    return await command(found.rest, io);
  } catch (error) {
    return reportError(error, io);
  }
}
