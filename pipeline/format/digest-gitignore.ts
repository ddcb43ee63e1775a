/**
 * The `.gitignore` a build writes at the top of the digest folder (BUILD_ONLY_FILES.gitignore).
 * Git takes the rules of the `.gitignore` nearest a file over those of the folders above it, the
 * repository's `.git/info/exclude` and the user's excludes file, so this one decides for every
 * file and folder below it: `!*` takes back whatever another rule ignores there (a root `build`,
 * a Docusaurus project's output folder, that names a page's folder; a `*.json`), then the
 * archive, made from the files beside it, is left out. What it cannot take back is a rule that
 * ignores the digest folder itself or a folder above it: git never looks inside an ignored folder
 * (the build warns, `ask digest check` fails).
 */
import { BUILD_ONLY_FILES } from './paths.ts';

export const DIGEST_GITIGNORE = [
  "# written by 'ask digest build': every file of the digest is committed, whatever other rules ignore",
  '!*',
  '# but the archive, made from the files beside it',
  `/${BUILD_ONLY_FILES.archivePattern}`,
  '',
].join('\n');
