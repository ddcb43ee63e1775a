/**
 * How a docs repository gets `ask`, the same in CI and on the author's machine, and never by a
 * name that could resolve to another package (bare `npx ask` is npm's unrelated `ask`):
 *
 * - a Node project (`node-project.ts`) lists `ask-docs` among its dependencies: the entry it has,
 *   else one `ask init` adds to `devDependencies` (the spec its npm lockfile shows it was
 *   installed from, else the running version); the workflow runs the project's locked install
 *   and its own bin (`npx --no -- ask-docs`, `pnpm exec ask-docs`, ...);
 * - any other repository (Hugo, MkDocs, mdBook) installs the running version, exactly, globally
 *   and without install scripts, and runs `ask-docs`.
 */
import { addDevDependency, listedSpec } from './dev-dependency.ts';
import { lockedSpec } from './install-source.ts';
import { nodeProjectOf, type NodeProject } from './node-project.ts';

export const PACKAGE = 'ask-docs';

export type AskInstall =
  | {
      readonly kind: 'project';
      readonly project: NodeProject;
      /** The spec `package.json` lists once init is done. */
      readonly spec: string;
      /** True when it listed `ask-docs` before (the entry is kept as it is). */
      readonly listed: boolean;
    }
  | { readonly kind: 'global'; /** `ask-docs@0.1.0`. */ readonly spec: string };

/** How `ask` is installed for the docs at `contentDir` in the repository at `root`; `version` is the running one. */
export async function askInstall(contentDir: string, root: string, version: string): Promise<AskInstall> {
  const exact = version === 'unknown' ? PACKAGE : `${PACKAGE}@${version}`;
  const project = await nodeProjectOf(contentDir, root);
  if (project === null) return { kind: 'global', spec: exact };
  const listed = listedSpec(project.manifest);
  if (listed !== null) return { kind: 'project', project, spec: listed.spec, listed: true };
  const spec = (await lockedSpec(project)) ?? (version === 'unknown' ? 'latest' : version);
  return { kind: 'project', project, spec, listed: false };
}

/** Writes what the install needs into the repository: the `devDependencies` entry when there was none. */
export async function writeInstall(install: AskInstall): Promise<void> {
  if (install.kind === 'project' && !install.listed) await addDevDependency(install.project, install.spec);
}

/** The command that runs `ask` (the workflow's and the author's). */
export function askCommand(install: AskInstall): string {
  return install.kind === 'project' ? install.project.manager.exec : PACKAGE;
}

/** The global install of a repository that is no Node project: an exact version, no install scripts. */
export function globalInstall(spec: string): string {
  return `npm install --global --ignore-scripts ${spec}`;
}
