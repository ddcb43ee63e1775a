/**
 * What `ask init` prints: what it found and wrote, one line each, then the commands to run next,
 * each as it runs from the folder `ask init` ran in: the install that puts `ask-docs` into the
 * lockfile, the build, the preview, and the commit of everything init wrote with the digest.
 */
import path from 'node:path';
import type { DocsLayout } from './content-folder.ts';
import type { GitattributesChange } from './gitattributes.ts';
import { CACHE_LINE, type GitignoreChange } from './gitignore.ts';
import { globalInstall, PACKAGE, type AskInstall } from './installer.ts';
import { relativePosix } from './paths.ts';
import { shellWord } from './shell-words.ts';
import type { SiteFacts } from './site-facts.ts';
import { TOKEN_SECRET } from './workflow-names.ts';

export interface ReportInput {
  readonly cwd: string;
  readonly root: string;
  readonly layout: DocsLayout;
  readonly site: SiteFacts;
  /** The files written, relative to the root. */
  readonly files: readonly string[];
  /** Those that were there before (overwritten with --force), relative to `cwd`. */
  readonly existing: readonly string[];
  readonly install: AskInstall;
  readonly gitignore: GitignoreChange;
  readonly gitattributes: GitattributesChange;
  readonly digestGlob: string;
}

const GITIGNORE_NOTE: Readonly<Record<GitignoreChange, string>> = {
  created: `wrote .gitignore (${CACHE_LINE})`,
  added: `added ${CACHE_LINE} to .gitignore`,
  present: `.gitignore already ignores ${CACHE_LINE}`,
};

function gitattributesNote(change: GitattributesChange, glob: string): string {
  if (change === 'created') return `wrote .gitattributes (${glob} linguist-generated=true)`;
  return change === 'added' ? `added ${glob} linguist-generated=true to .gitattributes` : `.gitattributes already marks ${glob} as generated`;
}

/** `folder` shown from `cwd`, `/` separators (`.` for `cwd` itself). */
function shown(cwd: string, target: string): string {
  return relativePosix(cwd, target) || '.';
}

function installNote(install: AskInstall, cwd: string): string {
  if (install.kind === 'global') return `no package.json between the content and the repository root: the workflow installs ${install.spec} globally, without install scripts`;
  const manifest = shown(cwd, path.join(install.project.dir, 'package.json'));
  const lockfile = shown(cwd, install.project.lockfile);
  if (install.listed) return `${manifest} lists ${PACKAGE} already (${install.spec}): kept; the workflow runs ${install.project.manager.lockedInstall} by ${lockfile}`;
  return `added ${PACKAGE} ${install.spec} to ${manifest} (devDependencies): ${install.project.manager.install} writes it into ${lockfile}, and the workflow installs from that lockfile (${install.project.manager.lockedInstall})`;
}

/** The lines before `next:`. */
export function initReport(input: ReportInput): string[] {
  const { cwd, root, layout, site } = input;
  const marker = layout.marker === null ? 'no generator config found' : relativePosix(cwd, layout.marker);
  return [
    `generator: ${layout.generator} (${marker})`,
    `content: ${shown(cwd, layout.contentDir)}`,
    `site name: ${site.name ?? "not in the config (the build takes the home page's title)"}`,
    `site url: ${site.url ?? 'not in the config (add "siteUrl" to ask.config.json for absolute links)'}`,
    ...input.files.map((file) => {
      const at = shown(cwd, path.join(root, file));
      return `${input.existing.includes(at) ? 'overwrote' : 'wrote'} ${at}`;
    }),
    installNote(input.install, cwd),
    GITIGNORE_NOTE[input.gitignore],
    gitattributesNote(input.gitattributes, input.digestGlob),
    `secrets: ANTHROPIC_API_KEY for the model (without it the offline distiller builds); ${TOKEN_SECRET} to commit the digest to pull requests with their checks (see docs/ci.md of ask-docs)`,
  ];
}

export interface NextInput {
  readonly cwd: string;
  readonly root: string;
  readonly install: AskInstall;
  /** The command that runs ask. */
  readonly ask: string;
  /** The files written, relative to the root. */
  readonly written: readonly string[];
  readonly outDir: string;
}

/** `command` run in `dir`: as it is when `dir` is `cwd`, else after a `cd`. */
function inFolder(cwd: string, dir: string, command: string): string {
  const relative = relativePosix(cwd, dir);
  return relative === '' ? command : `cd ${shellWord(relative)} && ${command}`;
}

/** The commands to run next (see the module comment). */
export function nextCommands(input: NextInput): string[] {
  const { cwd, root, install, ask } = input;
  const here = (target: string): string => shellWord(shown(cwd, target));
  if (install.kind === 'global') {
    const added = [...input.written.map((file) => path.join(root, file)), path.join(root, '.gitignore'), path.join(root, '.gitattributes'), input.outDir];
    return [globalInstall(install.spec), `${ask} digest build`, `${ask} serve`, `git add ${added.map(here).join(' ')} && git commit -m "Build the docs digest in CI"`];
  }
  const { project } = install;
  const added = [
    ...input.written.map((file) => path.join(root, file)),
    path.join(project.dir, 'package.json'),
    project.lockfile,
    path.join(root, '.gitignore'),
    path.join(root, '.gitattributes'),
    input.outDir,
  ];
  return [
    inFolder(cwd, path.dirname(project.lockfile), project.manager.install),
    inFolder(cwd, project.dir, `${ask} digest build`),
    inFolder(cwd, project.dir, `${ask} serve`),
    `git add ${added.map(here).join(' ')} && git commit -m "Build the docs digest in CI"`,
  ];
}
