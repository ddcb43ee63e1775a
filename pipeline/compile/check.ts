import { hashContentFiles, loadContent, type LoadOptions } from '../content/index.ts';
import type { Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { digestLinks, DigestLinkError } from '../disk/no-follow.ts';
import { readDigestFile, readManifest } from '../digest/read.ts';
import { SEARCH_SCHEMA_VERSION } from '../format/search-tables.ts';
import { searchHeaderVersions } from '../format/header-versions.ts';
import { TOKENIZER_VERSION } from '../search/tokenize.ts';
import { createOfflineDistiller } from '../distill/offline/index.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { verifyTree, type TreeProblems } from './verify-tree.ts';

export interface Staleness {
  readonly stale: boolean;
  /** No digest at all in the folder. */
  readonly missing: boolean;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  /** Content files whose bytes differ from the build's, added or removed. */
  readonly files: readonly string[];
  /** Passes whose prompt or algorithm changed since the build (`search tables` when their version did). */
  readonly templates: readonly string[];
  /** Of a digest that is not stale, what of its tree is not what the build makes of this content (`verifyTree`); null when stale. */
  readonly tree: TreeProblems | null;
}

/**
 * Whether a digest's search tables are of the schema and tokenizer this ask writes (the two keys
 * found by walking the header's top level, without parsing its tables).
 */
export async function searchTablesCurrent(outDir: string): Promise<boolean> {
  const text = await readDigestFile(outDir, DIGEST_FILES.searchIndex);
  const versions = text === null ? null : searchHeaderVersions(text);
  return versions?.schema === SEARCH_SCHEMA_VERSION && versions.tokenizer === TOKENIZER_VERSION;
}

/** What of a manifest says how its content was read: the site url and the site's options. */
export type ContentSite = Pick<Manifest, 'siteUrl' | 'site'>;

/** The site options a digest was built with, as `loadContent` takes them. */
export function contentSiteOf(manifest: ContentSite): Pick<LoadOptions, 'siteUrl' | 'generator' | 'urlStyle' | 'exclude'> {
  const { generator, trailingSlash, htmlExtension, exclude } = manifest.site;
  return { siteUrl: manifest.siteUrl, generator, urlStyle: { trailingSlash, htmlExtension }, exclude };
}

function changedFiles(current: Readonly<Record<string, string>>, built: Readonly<Record<string, string>>): string[] {
  const names = new Set([...Object.keys(current), ...Object.keys(built)]);
  return [...names].filter((name) => current[name] !== built[name]).sort(compareCodeUnits);
}

/** Passes whose offline algorithm version differs from the one recorded (model prompts need their key's provider, so only offline is checked). */
function changedTemplates(manifest: Manifest): string[] {
  if (manifest.distiller.provider !== 'offline') return [];
  const current = createOfflineDistiller().templateHashes;
  const passes = ['section', 'glossary', 'suggestions', 'context'] as const;
  return passes.filter((pass) => manifest.templates[pass] !== current[pass]);
}

/**
 * Whether the digest in `outDir` matches the content in `contentDir`, without any model call:
 * file hashes first, then section by section; a digest whose hashes all match has its tree made
 * again and compared byte for byte (`verifyTree`). A digest
 * holding a symbolic link is never current: DigestLinkError naming the first.
 */
export async function checkDigest(contentDir: string, outDir: string, cacheDir?: string): Promise<Staleness> {
  const manifest = await readManifest(outDir);
  const [link] = await digestLinks(outDir);
  if (link !== undefined) throw new DigestLinkError(link);
  if (manifest === null) return { stale: true, missing: true, added: [], removed: [], changed: [], files: [], templates: [], tree: null };
  const templates = [...changedTemplates(manifest), ...((await searchTablesCurrent(outDir)) ? [] : ['search tables'])];
  const fileHashes = await hashContentFiles(contentDir, manifest.site.exclude);
  const files = changedFiles(fileHashes, manifest.files);
  const load = () => loadContent({ contentDir, ...contentSiteOf(manifest), ...(cacheDir === undefined ? {} : { cacheDir }) });
  if (files.length === 0) {
    // search tables of another version are stale: made again, they would differ for that alone
    const tree = templates.length > 0 ? null : (await verifyTree(contentDir, outDir, manifest, await load(), true)).problems;
    return { stale: templates.length > 0, missing: false, added: [], removed: [], changed: [], files, templates, tree };
  }

  const content = await load();
  const current = new Map(content.sections.map((section) => [section.id, section.hash]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const [id, hash] of current) {
    const built = manifest.sections[id];
    if (built === undefined) added.push(id);
    else if (built !== hash) changed.push(id);
  }
  const removed = Object.keys(manifest.sections).filter((id) => !current.has(id));
  return { stale: true, missing: false, added: added.sort(compareCodeUnits), removed: removed.sort(compareCodeUnits), changed: changed.sort(compareCodeUnits), files, templates, tree: null };
}
