import { defineCommand } from '../command-spec.ts';
import { SITE_OPTIONS } from './site-options.ts';

export const DIGEST_BUILD = defineCommand({
  name: 'digest build',
  summary: 'distil the content into the digest tree and its search tables',
  about:
    "runs the pipeline (defaults `content-fixtures`, `digest`, generator `auto`; the site's name and description: the flags, else the generator config's, else the home page's, the description else the first sentence of the context); only sections whose content hash changed are sent to the model; writes the archive of the tree beside it; prints pages, sections, changed, model calls, tokens, cache hits, dropped facts and time (`--json`: the report as one JSON object, with `parsedFiles` and `phases`, ms per phase; `--verbose`: each distilled section and the time of each phase on stderr; `--quiet`: nothing but errors)",
  options: {
    content: { type: 'string', default: 'content-fixtures', value: 'DIR', help: 'the folder of Markdown pages' },
    out: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest folder to write' },
    'site-url': { type: 'string', default: '', value: 'URL', help: 'the published site, for absolute urls in the digest' },
    'site-name': { type: 'string', value: 'NAME', help: "the site's name (default: the generator config's, else the home page's title)" },
    'site-description': { type: 'string', value: 'TEXT', help: "the site's one-line description (default: the generator config's)" },
    config: { type: 'string', value: 'FILE', help: 'the generator config to read (default: found in the content folder or a parent)' },
    ...SITE_OPTIONS,
    provider: { type: 'string', value: 'P', help: 'anthropic, openai, gemini or offline (default: ASK_PROVIDER, else anthropic; offline when it has no key)' },
    model: { type: 'string', value: 'M', help: "the model (default: ASK_MODEL, else the provider's default)" },
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
  about: 'exit 0 when the digest matches the content, 1 when stale: counts of the sections added, changed and removed and of the files changed, with at most 10 of each named (`--json`: all of them); no model call',
  options: {
    content: { type: 'string', default: 'content-fixtures', value: 'DIR', help: 'the folder of Markdown pages' },
    out: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest folder to check' },
    json: { type: 'boolean', default: false, help: 'print the result as one JSON object, every id named' },
  },
});

export const DIGEST_DIFF = defineCommand({
  name: 'digest diff',
  summary: "a Markdown summary of the digest's changes, for review",
  about:
    "Markdown summary of the digest's changes since `REV` (default `HEAD`): sections added, removed and changed with summaries, facts and terms before and after; glossary entries; suggestions; and Search: the base's checks as the base had them (its digest's suggested questions, each against the section it asks about where both digests have that section, and the committed `ask.queries.jsonl` in the content folder) run on both digests, each side resolving entries with its own pages, MRR@6 and recall@6 before and after, each query that moved down or is not found now; the checks the change adds measured apart, those it removes or edits listed; `--fail-below DELTA` exits 1 when MRR@6 of the base's checks drops by more than `DELTA`, or when one the base answered in the top 6 is not answered now (unless `--allow-lost`)",
  options: {
    base: { type: 'string', default: 'HEAD', value: 'REV', help: 'the commit to compare with' },
    out: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest folder' },
    content: { type: 'string', default: 'content-fixtures', value: 'DIR', help: 'the folder of Markdown pages, where ask.queries.jsonl is committed' },
    'fail-below': { type: 'string', value: 'DELTA', help: "exit 1 when the MRR@6 of the base's checks drops by more than DELTA (for example 0.02), or when a check the base answered in the top 6 is not answered now" },
    'allow-lost': { type: 'boolean', default: false, help: 'with --fail-below: accept checks the base answered in the top 6 that are not answered now (a page retired on purpose)' },
  },
});

export const EVAL = defineCommand({
  name: 'eval',
  summary: "labelled queries through the scorer: MRR@k, recall@k, the misses",
  about:
    'runs labelled queries through the scorer (JSONL, one `{"query", "expect": [section id, page or section url, or content file with an optional #anchor], "kind"?}` a line) and prints MRR@k and recall@k (k default 6), the same per `kind`, and every query whose expected section is not first; without `--queries`, the digest\'s own checks (each suggested question against the section it was asked about, kind `suggested`) and the checks committed as `ask.queries.jsonl` in the content folder; exit 1 when an expected entry names no section',
  options: {
    digest: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest whose search tables answer' },
    queries: { type: 'string', value: 'FILE', help: 'the labelled queries, measured alone (default: the digest\'s own checks and ask.queries.jsonl in the content folder)' },
    content: { type: 'string', default: 'content-fixtures', value: 'DIR', help: 'the folder of Markdown pages, for expected entries that name a file' },
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
    digest: { type: 'string', default: 'digest', value: 'DIR', help: "the digest whose vocabulary the readers' words are compared with" },
    json: { type: 'boolean', default: false, help: 'print the report as one JSON object' },
  },
});

export const INDEX_BUILD = defineCommand({
  name: 'index build',
  summary: 'the search tables alone, no model',
  about:
    'the search tables alone, no model, into `--out` (a folder, default `<digest>/search`; a path ending in `index.json` means its folder); without a digest, the fallback tables of spec rule 7',
  options: {
    content: { type: 'string', default: 'content-fixtures', value: 'DIR', help: 'the folder of Markdown pages' },
    digest: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest whose sections are indexed, when there is one' },
    out: { type: 'string', value: 'PATH', help: 'where the tables go (default: <digest>/search)' },
    'site-url': { type: 'string', value: 'URL', help: 'the published site, for absolute urls' },
    ...SITE_OPTIONS,
    json: { type: 'boolean', default: false, help: 'print what was written as one JSON object' },
  },
});

export const INIT = defineCommand({
  name: 'init',
  summary: 'set a docs repository up: CI workflow, .gitignore, next steps',
  about:
    "sets a docs repository up: detects the generator, the content folder, the site's name and url; writes the CI workflow that builds the digest on docs changes, comments `ask digest diff` on the pull request and commits the digest, and the `.gitignore` line for `.ask-cache/` (never overwriting a file without `--force`); prints the next three commands",
  options: {
    content: { type: 'string', value: 'DIR', help: 'the folder of Markdown pages (default: detected from the generator config)' },
    out: { type: 'string', default: 'digest', value: 'DIR', help: 'the digest folder the workflow builds and commits' },
    force: { type: 'boolean', default: false, help: 'overwrite the workflow when it exists' },
  },
});
