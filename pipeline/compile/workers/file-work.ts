/**
 * The work a worker thread does for one content file: read, hash, parse and chunk it (or take
 * it from the chunk cache), then, for the offline distiller, distil its sections that the
 * previous digest cannot give and find the definitions they state. All of it is a function of
 * the file and the setup, so doing it in a worker or in the main thread gives the same result.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'mdast';
import { loadFile, type FileSource, type LoadedFile } from '../../content/index.ts';
import { definitionsStatedIn, distillSectionRoot, type FoundDefinition } from '../../distill/offline/index.ts';
import { bodyOf, sectionTree } from '../../distill/offline/parse.ts';
import { takeSectionTree } from '../../content/section-trees.ts';
import { sectionFilePath } from '../../digest/paths.ts';
import { stableJson } from '../../digest/stable-json.ts';
import { nodeFromDistillation, type CheckedNode } from '../../distill/verbatim.ts';
import type { Section } from '../../types.ts';

export interface WorkSetup extends FileSource {
  /** True when the build's distiller is the offline one: its section pass is done here. */
  readonly offline: boolean;
  /** Section hashes of the previous digest when its nodes may be reused (same distiller, not forced), else null. */
  readonly reuse: Readonly<Record<string, string>> | null;
  /** The build's staged tree (`stageTree`): each node distilled here is written there at once. Null: not written. */
  readonly stagedDir: string | null;
}

/** What the offline distiller made of one section here. */
export interface SectionWork {
  /** The section's checked node; null when the previous digest's node is to be reused. */
  readonly checked: CheckedNode | null;
  /** True when `checked.node` is already written to the staged tree. */
  readonly written: boolean;
  readonly definitions: readonly FoundDefinition[];
}

export interface FileWork {
  readonly loaded: LoadedFile;
  /** One entry per section of `loaded.read`, in order; empty when the distiller is not the offline one. */
  readonly sections: readonly SectionWork[];
}

function workOnSection(setup: WorkSetup, section: Section, page: NonNullable<LoadedFile['read']>['page']): SectionWork {
  let root: Root | undefined;
  const tree = (): Root => (root ??= sectionTree(section));
  const definitions = definitionsStatedIn(section, () => bodyOf(tree()));
  const reused = setup.reuse !== null && setup.reuse[section.id] === section.hash;
  const checked = reused ? null : nodeFromDistillation(section, distillSectionRoot(section, page, tree()));
  takeSectionTree(section);
  return { checked, written: false, definitions };
}

/** Writes the node of a section to the staged tree, as the digest tree has it. */
async function writeNode(stagedDir: string, work: SectionWork): Promise<SectionWork> {
  if (!work.checked) return work;
  const file = path.join(stagedDir, sectionFilePath(work.checked.node.id));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, stableJson(work.checked.node));
  return { ...work, written: true };
}

/** Loads one file and, for the offline distiller, does its sections' share of the distilling. */
export async function workOnFile(setup: WorkSetup, file: string): Promise<FileWork> {
  const loaded = await loadFile(setup, file);
  const read = loaded.read;
  if (!setup.offline || read === null) {
    for (const section of read?.sections ?? []) takeSectionTree(section);
    return { loaded, sections: [] };
  }
  const sections = read.sections.map((section) => workOnSection(setup, section, read.page));
  const { stagedDir } = setup;
  return { loaded, sections: stagedDir === null ? sections : await Promise.all(sections.map((work) => writeNode(stagedDir, work))) };
}
