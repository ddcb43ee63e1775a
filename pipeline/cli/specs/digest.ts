import { defineCommand } from '../command-spec.ts';
import { CONTENT, SITE_OPTIONS } from './site-options.ts';

export const DIGEST_BUILD = defineCommand({
  name: 'digest build',
  summary: 'distil the content into the digest tree and its search tables',
  about:
    "runs the pipeline (the content folder has no built-in default; out `digest`, generator `auto`; the site's name and description: the flags, else the generator config's, else the home page's, the description else the first sentence of the context); only sections whose content hash changed are sent to the model; writes the archive of the tree beside it; prints pages, sections, changed, model calls, tokens, cache hits, dropped facts and time (`--json`: the report as one JSON object, with `parsedFiles` and `phases`, ms per phase; `--verbose`: each distilled section and the time of each phase on stderr; `--quiet`: nothing but errors)",
  options: {
    content: CONTENT,
    out: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest folder to write' },
    'site-url': { type: 'string', default: '', value: 'URL', configKey: 'siteUrl', otherwise: 'none: urls from the site root', help: 'the published site, for absolute urls in the digest' },
    'site-name': { type: 'string', value: 'NAME', configKey: 'siteName', otherwise: "the generator config's, else the home page's title", help: "the site's name" },
    'site-description': { type: 'string', value: 'TEXT', configKey: 'siteDescription', otherwise: "the generator config's", help: "the site's one-line description" },
    config: { type: 'string', value: 'FILE', configKey: 'config', otherwise: 'found in the content folder or a parent', help: 'the generator config to read' },
    ...SITE_OPTIONS,
    provider: { type: 'string', value: 'P', configKey: 'provider', otherwise: 'ASK_PROVIDER, else anthropic; offline when it has no key', help: 'anthropic, openai, gemini or offline' },
    model: { type: 'string', value: 'M', configKey: 'model', otherwise: "ASK_MODEL, else the provider's default", help: 'the model' },
    concurrency: { type: 'string', value: 'N', help: 'model calls at once (default: 4)' },
    force: { type: 'boolean', default: false, help: 'distil every section again, ignoring the previous digest and the cache' },
    'source-commit': { type: 'string', value: 'SHA', help: 'the commit to record (default: ASK_SOURCE_COMMIT, else git)' },
    verbose: { type: 'boolean', default: false, help: 'each distilled section and the time of each phase, on stderr' },
    quiet: { type: 'boolean', default: false, help: 'print nothing but errors' },
    json: { type: 'boolean', default: false, help: 'print the build report as one JSON object' },
  },
});

export const DIGEST_CHECK = defineCommand({
  name: 'digest check',
  summary: 'exit 0 when the digest matches the content, 1 when it is stale',
  about: 'exit 0 when the digest matches the content, 1 when stale: counts of the sections added, changed and removed and of the files changed, with at most 10 of each named (`--json`: all of them); also 1 when the tree is not exactly what the build makes of this content (every file but the model\'s words re-made and compared byte for byte: a file changed, missing or extra, a fact not verbatim, an archive the manifest does not name; one line per kind), and a manifest field of the wrong shape (a hash not 64 hex digits) is refused; no model call; in a git work tree also 1 when git ignores a file of the digest or one its manifest names is missing (`--committed`: or one is not committed yet), at most 10 named',
  options: {
    content: CONTENT,
    out: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest folder to check' },
    committed: { type: 'boolean', default: false, help: 'also exit 1 when a file of the digest is not committed yet (untracked), as before a push' },
    json: { type: 'boolean', default: false, help: 'print the result as one JSON object, every id named' },
  },
});

export const DIGEST_DIFF = defineCommand({
  name: 'digest diff',
  summary: "a Markdown summary of the digest's changes, for review",
  about:
    "Markdown summary of the digest's changes since `REV` (default `HEAD`): first, Edited by hand: each node that changed while its section's hash did not, with the fields that changed, the glossary, suggestions or context when their pass's input and prompt did not change, and every file when the manifest did not (same distiller on both sides); sections added, removed and changed with summaries, facts and terms before and after; glossary entries; suggestions; Files: every file of the digest tree added, removed or changed (not the archive nor the folder's `.gitignore`), a few added and removed lines of `llms.txt`, `llms-full.txt`, `pages/*.md`, the overview and the context in a fenced block, the count of changed lines of each search table; text quoted from the digest is code (no live link, no mention); and Search: the base's checks as the base had them (its digest's suggested questions, each against the section it asks about where both digests have that section, and the committed `ask.queries.jsonl` in the content folder) run on both digests, each side resolving entries with its own pages, MRR@6 and recall@6 before and after, each query that moved down or is not found now; the checks the change adds measured apart, those it removes or edits listed; `--fail-below DELTA` exits 1 when MRR@6 of the base's checks drops by more than `DELTA`, or when one the base answered in the top 6 is not answered now (unless `--allow-lost`)",
  options: {
    base: { type: 'string', default: 'HEAD', value: 'REV', help: 'the commit to compare with' },
    out: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest folder' },
    content: { ...CONTENT, help: 'the folder of Markdown pages, where ask.queries.jsonl is committed' },
    'fail-below': { type: 'string', value: 'DELTA', help: "exit 1 when the MRR@6 of the base's checks drops by more than DELTA (for example 0.02), or when a check the base answered in the top 6 is not answered now" },
    'allow-lost': { type: 'boolean', default: false, help: 'with --fail-below: accept checks the base answered in the top 6 that are not answered now (a page retired on purpose)' },
    'comment-out': { type: 'string', value: 'FILE', help: 'also write the diff as a pull-request comment to FILE: a hidden marker line, the title, the Edited by hand part, the counts and the Search part, then as many changes as fit in --max-chars' },
    'max-chars': { type: 'string', default: '65536', value: 'N', help: "with --comment-out: the comment's size cap in characters (GitHub's limit by default)" },
    'full-diff-at': { type: 'string', default: 'the output of `ask digest diff`', value: 'TEXT', help: 'with --comment-out: where a cut comment says the full diff is (Markdown)' },
  },
});

export const EVAL = defineCommand({
  name: 'eval',
  summary: "labelled queries through the scorer: MRR@k, recall@k, the misses",
  about:
    'runs labelled queries through the scorer (JSONL, one `{"query", "expect": [section id, page or section url, or content file with an optional #anchor], "kind"?}` a line) and prints MRR@k and recall@k (k default 6), the same per `kind`, and every query whose expected section is not first; without `--queries`, the digest\'s own checks (each suggested question against the section it was asked about, kind `suggested`) and the checks committed as `ask.queries.jsonl` in the content folder; exit 1 when an expected entry names no section',
  options: {
    digest: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest whose search tables answer' },
    queries: { type: 'string', value: 'FILE', help: 'the labelled queries, measured alone (default: the digest\'s own checks and ask.queries.jsonl in the content folder)' },
    content: { ...CONTENT, otherwise: 'none: only the digest\'s own checks, and entries that name a section', help: 'the folder of Markdown pages, for ask.queries.jsonl and expected entries that name a file' },
    k: { type: 'string', value: 'N', help: 'how many results count (default: 6)' },
    json: { type: 'boolean', default: false, help: 'print the report as one JSON object' },
  },
});

export const INSIGHTS = defineCommand({
  name: 'insights',
  summary: 'what readers searched for and did not find, from the query log',
  about:
    "what readers searched for, from the opt-in query log (`ASK_QUERY_LOG` of `ask serve`, NDJSON): the most asked queries, those with no result, the words readers use that the docs never do with the docs' nearest words (glossary alias candidates), the questions asked for an answer that keyword search found nothing for, and from the search box's feedback the click-through of the most asked queries and the answers marked not helpful",
  options: {
    log: { type: 'string', value: 'FILE', help: 'the query log (NDJSON, one entry a line)' },
    digest: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: "the digest whose vocabulary the readers' words are compared with" },
    json: { type: 'boolean', default: false, help: 'print the report as one JSON object' },
  },
});

export const INDEX_BUILD = defineCommand({
  name: 'index build',
  summary: 'the search tables alone, no model',
  about:
    'the search tables alone, no model, into `--out` (a folder, default `<digest>/search`; a path ending in `index.json` means its folder); without a digest, the fallback tables of spec rule 7',
  options: {
    content: CONTENT,
    digest: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest whose sections are indexed, when there is one' },
    out: { type: 'string', value: 'PATH', help: 'where the tables go (default: <digest>/search)' },
    'site-url': { type: 'string', value: 'URL', configKey: 'siteUrl', otherwise: "the digest's, else none", help: 'the published site, for absolute urls' },
    ...SITE_OPTIONS,
    json: { type: 'boolean', default: false, help: 'print what was written as one JSON object' },
  },
});

export const INIT = defineCommand({
  name: 'init',
  summary: 'set a docs repository up: CI workflows, ask.config.json, the ask-docs dependency, next steps',
  about:
    "sets a docs repository up: detects the generator, the content folder, the site's url; writes `ask.config.json` at the repository root with what it found (so no command needs a flag), the two GitHub Actions workflows (docs/ci.md: the pull request's digest built and its diff commented, forks included, the digest committed with the `ASK_DIGEST_TOKEN` secret or brought to the default branch by a follow-up pull request), `ask-docs` in the `devDependencies` of the docs' Node project (else the workflow installs the exact version globally), the `.gitignore` line for `.ask-cache/` and the `.gitattributes` line that marks the digest generated (never overwriting a workflow or the config file without `--force`); prints the next commands",
  options: {
    content: { type: 'string', value: 'DIR', help: 'the folder of Markdown pages (default: detected from the generator config)' },
    out: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest folder the workflow builds and commits' },
    force: { type: 'boolean', default: false, help: 'overwrite the workflows and ask.config.json when they exist' },
  },
});
