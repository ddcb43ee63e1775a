/**
 * Whether git holds the digest a clone will need: no file of it ignored (a repository's `build`
 * or `*.json` rule, `.git/info/exclude`, a global excludes file), none its manifest names missing,
 * and, asked, none left uncommitted. The build asks the first of these after it wrote; `ask digest
 * check` asks all three. Outside a git work tree there is nothing to ask (`digestRepository`).
 */
import { readdir } from 'node:fs/promises';
import { listTreeFiles } from '../digest/archive.ts';
import { readManifest } from '../digest/read.ts';
import { BUILD_ONLY_FILES, DIGEST_FILES, filesOfSections } from '../format/paths.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { digestRepository, type DigestRepository } from './digest-repository.ts';
import { runGit } from './run-git.ts';

export interface IgnoredFile {
  /** Digest-relative, `/` separators. */
  readonly file: string;
  /** The rule that ignores it, as `git check-ignore -v` names it: `<source>:<line>:<pattern>`. */
  readonly rule: string;
}

export interface DigestTracking {
  /** Files of the digest (on disk or named by its manifest) that an ignore rule hides from git, sorted. */
  readonly ignored: readonly IgnoredFile[];
  /** Files the manifest names that are not on disk (and no rule ignores), sorted. */
  readonly missing: readonly string[];
  /** Files on disk that git does not track (and no rule ignores), the folder's `.gitignore` among them, sorted. */
  readonly untracked: readonly string[];
}

/**
 * Which of `files` (digest-relative) an ignore rule hides, by one `git check-ignore --verbose
 * --stdin`. A tracked file is never reported (git tracks it whatever the rules say), nor one a
 * negated rule (`!…`) takes back.
 */
async function ignoredAmong(repo: DigestRepository, files: readonly string[]): Promise<IgnoredFile[]> {
  if (files.length === 0) return [];
  const input = files.map((file) => `${repo.folder}/${file}\0`).join('');
  const run = await runGit(repo.top, ['check-ignore', '--verbose', '-z', '--stdin'], input);
  if (run === null || (run.code !== 0 && run.code !== 1)) return [];
  // each path: `<source>\0<line>\0<pattern>\0<path>\0`
  const fields = run.stdout.split('\0');
  const ignored: IgnoredFile[] = [];
  for (let at = 0; at + 3 < fields.length; at += 4) {
    const [source, line, pattern, repoPath] = [fields[at] ?? '', fields[at + 1] ?? '', fields[at + 2] ?? '', fields[at + 3] ?? ''];
    if (pattern === '' || pattern.startsWith('!')) continue;
    ignored.push({ file: repoPath.slice(repo.folder.length + 1), rule: `${source}:${line}:${pattern}` });
  }
  return ignored.sort((a, b) => compareCodeUnits(a.file, b.file));
}

/** The digest's files on disk (the folder's `.gitignore` too, not the archive); none when the folder is missing. */
async function filesOnDisk(outDir: string): Promise<string[]> {
  const top = await readdir(outDir).catch(() => null);
  if (top === null) return [];
  return [...(top.includes(BUILD_ONLY_FILES.gitignore) ? [BUILD_ONLY_FILES.gitignore] : []), ...(await listTreeFiles(outDir))];
}

/** The files of the digest in `outDir` that an ignore rule hides, once a build wrote them; none outside a git work tree. */
export async function hiddenDigestFiles(contentDir: string, outDir: string): Promise<IgnoredFile[]> {
  const repo = await digestRepository(contentDir, outDir);
  return repo === null ? [] : ignoredAmong(repo, await filesOnDisk(outDir));
}

/** The files below the digest folder that git tracks, digest-relative (the folder's name taken as written, not as a glob). */
async function trackedFiles(repo: DigestRepository): Promise<Set<string>> {
  const run = await runGit(repo.top, ['ls-files', '-z', '--', `:(literal)${repo.folder}`]);
  const prefix = `${repo.folder}/`;
  return new Set((run?.code === 0 ? run.stdout.split('\0') : []).filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length)));
}

/**
 * What git holds of the digest in `outDir` (see the module comment); null outside a git work
 * tree. Without a manifest only the files every digest has are looked for among the ignored.
 */
export async function digestTracking(contentDir: string, outDir: string): Promise<DigestTracking | null> {
  const repo = await digestRepository(contentDir, outDir);
  if (repo === null) return null;
  const manifest = await readManifest(outDir);
  const onDisk = await filesOnDisk(outDir);
  const named = manifest === null ? new Set<string>(Object.values(DIGEST_FILES)) : filesOfSections(Object.keys(manifest.sections));
  const ignored = await ignoredAmong(repo, [...new Set([...onDisk, ...named])].sort(compareCodeUnits));
  const hidden = new Set(ignored.map(({ file }) => file));
  const present = new Set(onDisk);
  const missing = manifest === null ? [] : [...named].filter((file) => !present.has(file) && !hidden.has(file)).sort(compareCodeUnits);
  const tracked = await trackedFiles(repo);
  const untracked = onDisk.filter((file) => !tracked.has(file) && !hidden.has(file)).sort(compareCodeUnits);
  return { ignored, missing, untracked };
}
