import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { askConfigOf, askConfigText, CONFIG_FILE } from '../init/ask-config.ts';
import { findDocs, layoutOf, type DocsLayout } from '../init/content-folder.ts';
import { defaultBranch } from '../init/default-branch.ts';
import { markDigestGenerated } from '../init/gitattributes.ts';
import { ignoreCache } from '../init/gitignore.ts';
import { askInstall, writeInstall } from '../init/installer.ts';
import { initReport, nextCommands } from '../init/next-steps.ts';
import { globOf, isWithin, relativePosix } from '../init/paths.ts';
import { workflowPlan } from '../init/plan.ts';
import { repositoryRoot } from '../init/repository.ts';
import { siteFacts } from '../init/site-facts.ts';
import { watchedPaths } from '../init/watched-paths.ts';
import { WORKFLOW_FILE } from '../init/workflow-names.ts';
import { workflowFiles } from '../init/workflow-text.ts';
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

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

/** Writes `text` at `file`, making its folder. */
async function writeText(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

/**
 * `ask init`: writes the two workflows, `ask.config.json`, the `ask-docs` dependency, the
 * `.gitignore` and `.gitattributes` lines for this repository, then says what to run next.
 * Nothing is written when a file it would overwrite exists, unless `--force`.
 */
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

  const site = await siteFacts(layout);
  const install = await askInstall(layout.contentDir, root, await packageVersion());
  const exclude = isWithin(layout.contentDir, outDir) ? [globOf(relativePosix(layout.contentDir, outDir))] : [];
  const config = askConfigOf({ root, contentDir: layout.contentDir, outDir, generator: layout.generator, configFile: site.configFile, siteUrl: site.url, exclude });
  const project = install.kind === 'project' ? { manifest: path.join(install.project.dir, 'package.json'), lockfile: install.project.lockfile } : null;
  const triggers = watchedPaths({ root, contentDir: layout.contentDir, outDir, generator: layout.generator, marker: layout.marker, configFile: site.configFile, workflowFile: WORKFLOW_FILE, project });
  const plan = workflowPlan({ root, outDir, install, triggers, defaultBranch: await defaultBranch(root) });

  const files: (readonly [file: string, text: string])[] = [...workflowFiles(plan), [CONFIG_FILE, askConfigText(config)]];
  const existing: string[] = [];
  for (const [file] of files) if (await exists(path.join(root, file))) existing.push(relativePosix(io.cwd, path.join(root, file)));
  if (existing.length > 0 && !values.force) throw new CommandFailure(`ask init: ${existing.join(', ')} ${existing.length === 1 ? 'exists' : 'exist'}; pass --force to overwrite`);

  for (const [file, text] of files) await writeText(path.join(root, file), text);
  await writeInstall(install);
  const gitignore = await ignoreCache(path.join(root, '.gitignore'));
  const gitattributes = await markDigestGenerated(root, globOf(plan.digest));

  const report = initReport({ cwd: io.cwd, root, layout, site, files: files.map(([file]) => file), existing, install, gitignore, gitattributes, digestGlob: globOf(plan.digest) });
  for (const line of report) io.out(line);
  io.out('next:');
  for (const command of nextCommands({ cwd: io.cwd, root, install, ask: plan.ask, written: files.map(([file]) => file), outDir })) io.out(`  ${command}`);
  return 0;
};
