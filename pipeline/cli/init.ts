import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildFindsGenerator, findDocs, layoutOf, type DocsLayout } from '../init/content-folder.ts';
import { CACHE_LINE, ignoreCache, type GitignoreChange } from '../init/gitignore.ts';
import { askInstall } from '../init/installer.ts';
import { isWithin, relativePosix, workflowPlan } from '../init/plan.ts';
import { repositoryRoot } from '../init/repository.ts';
import { commandLine, shellWord } from '../init/shell-words.ts';
import { siteFacts } from '../init/site-facts.ts';
import { digestBuildArgs, WORKFLOW_FILE, workflowText, type WorkflowPlan } from '../init/workflow.ts';
import { parseCommand } from './command-spec.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { packageVersion } from './package-version.ts';
import { existingFolder } from './paths.ts';
import { INIT } from './specs/index.ts';

/** The docs of the repository: the folder given, else the one its generator keeps its pages in. */
async function docsLayout(cwd: string, content: string | undefined): Promise<DocsLayout> {
  if (content !== undefined) return layoutOf(await existingFolder(cwd, content, '--content', 'pass --content DIR with your Markdown pages'));
  const search = await findDocs(cwd);
  if ('missing' in search) throw new CommandFailure(`ask init: no docs found: ${search.missing}; pass --content DIR with your Markdown pages`);
  return search.layout;
}

/** What the build must be told of the generator: nothing when it finds it from the content folder, else the config (which names it) or its name. */
async function generatorFlags(layout: DocsLayout, configFile: string | null, cwd: string): Promise<string[]> {
  if (await buildFindsGenerator(layout)) return [];
  return configFile === null ? ['--generator', layout.generator] : ['--config', relativePosix(cwd, configFile)];
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

const GITIGNORE_NOTE: Readonly<Record<GitignoreChange, string>> = {
  created: `wrote .gitignore (${CACHE_LINE})`,
  added: `added ${CACHE_LINE} to .gitignore`,
  present: `.gitignore already ignores ${CACHE_LINE}`,
};

/** The three commands to run next: build the digest here, look at it, commit what init wrote. */
function nextCommands(plan: WorkflowPlan, written: readonly string[]): string[] {
  const ask = plan.install.localAsk;
  const serveDigest = plan.out === 'digest' ? [] : ['--digest', plan.out];
  return [
    commandLine(ask, ['digest', 'build', ...digestBuildArgs(plan)]),
    commandLine(ask, ['serve', '--content', plan.content, ...serveDigest]),
    `git add ${[...written, plan.out].map(shellWord).join(' ')} && git commit -m "Build the docs digest in CI"`,
  ];
}

/** `ask init`: writes the digest workflow and the `.gitignore` line for this repository, then says what to run next. */
export const initCommand: Command = async (argv, io) => {
  const { values, positionals } = parseCommand(INIT, argv);
  if (positionals.length > 0) throw new UsageError(`ask init: unexpected argument '${positionals[0]}'; see ask init --help`);
  const root = await repositoryRoot(io.cwd);
  const layout = await docsLayout(io.cwd, values.content);
  const outDir = path.resolve(io.cwd, values.out);
  for (const [flag, dir] of [['--content', layout.contentDir], ['--out', outDir]] as const) {
    if (!isWithin(root, dir)) throw new UsageError(`ask init: ${flag} must be a folder inside the repository (${root}), got '${path.relative(io.cwd, dir)}'`);
  }
  if (outDir === layout.contentDir) throw new UsageError('ask init: --out must not be the content folder; pass --out DIR for the digest');

  const workflowFile = path.join(root, WORKFLOW_FILE);
  const workflowShown = relativePosix(io.cwd, workflowFile);
  const existed = await exists(workflowFile);
  if (existed && !values.force) throw new CommandFailure(`ask init: ${workflowShown} exists; pass --force to overwrite it`);

  const site = await siteFacts(layout);
  const install = await askInstall(io.cwd, root, await packageVersion());
  const generatorArgs = await generatorFlags(layout, site.configFile, io.cwd);
  const plan = workflowPlan({ cwd: io.cwd, root, contentDir: layout.contentDir, outDir, configFile: site.configFile }, { siteUrl: site.url, generatorArgs, install });
  await mkdir(path.dirname(workflowFile), { recursive: true });
  await writeFile(workflowFile, workflowText(plan));
  const gitignoreFile = path.join(root, '.gitignore');
  const gitignore = await ignoreCache(gitignoreFile);

  const marker = layout.marker === null ? 'no generator config found' : relativePosix(io.cwd, layout.marker);
  io.out(`generator: ${layout.generator} (${marker})`);
  io.out(`content: ${plan.content}`);
  io.out(`site name: ${site.name ?? "not in the config (the build takes the home page's title)"}`);
  io.out(`site url: ${site.url ?? 'not in the config (add --site-url URL to the build step for absolute links)'}`);
  io.out(`${existed ? 'overwrote' : 'wrote'} ${workflowShown}`);
  io.out(GITIGNORE_NOTE[gitignore]);
  io.out('next:');
  for (const command of nextCommands(plan, [workflowShown, relativePosix(io.cwd, gitignoreFile)])) io.out(`  ${command}`);
  return 0;
};
