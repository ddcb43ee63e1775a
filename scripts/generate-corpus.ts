/**
 * A deterministic generator of realistic documentation corpora, for the benchmarks.
 *
 *   tsx scripts/generate-corpus.ts --pages 1000 --out /tmp/corpus --seed 1
 *
 * Pages sit in nested group folders, open with YAML frontmatter and a `#` title, and hold
 * 3 to 8 `##`/`###` sections of prose, tables, code blocks and lists. Prose is built from
 * a technical vocabulary of a few thousand distinct words drawn with a Zipf-like law, each
 * page leaning on a few topic words of its own, with product names and identifiers
 * (`--some-flag`, `SOME_ENV_VAR`, `/api/v2/things/{id}`, `cache.maxEntries`) sprinkled in.
 *
 * Same arguments, same bytes: the only randomness is a seeded mulberry32, and page `i`
 * draws from its own stream (seed and index), so the first 1k pages of a 10k corpus are
 * the 1k corpus, apart from which folders exist.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

// ---------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a tiny, fast, seedable 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes numbers into one 32-bit seed (FNV-1a over their decimal text). */
function mixSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/** Draws indices 0..n-1 with probability proportional to 1 / (rank + q)^s (Zipf-Mandelbrot). */
class Zipf<T> {
  private readonly cumulative: Float64Array;
  constructor(
    readonly items: readonly T[],
    exponent = 1,
    offset = 2.7,
  ) {
    this.cumulative = new Float64Array(items.length);
    let total = 0;
    for (let rank = 0; rank < items.length; rank += 1) {
      total += 1 / Math.pow(rank + 1 + offset, exponent);
      this.cumulative[rank] = total;
    }
    for (let rank = 0; rank < items.length; rank += 1) this.cumulative[rank] = (this.cumulative[rank] ?? 0) / total;
  }
  draw(random: Random): T {
    const target = random.float();
    let low = 0;
    let high = this.items.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 1) < target) low = middle + 1;
      else high = middle;
    }
    const item = this.items[low];
    if (item === undefined) throw new Error('empty Zipf table');
    return item;
  }
}

// ---------------------------------------------------------------------------------------
// Vocabulary (real technical words, most common first; derived words fill the long tail)

const NOUNS = `server client request response token session user workspace cache build deployment cluster node service
endpoint key value file folder setting option flag variable log event message queue job task worker template version
release config configuration database table index query result error status header body field resource policy role
permission group organization account password credential secret certificate domain host port proxy gateway route path
network connection timeout retry limit quota schedule webhook notification email template agent container image volume
snapshot backup restore migration schema record column row document section page site plugin extension module package
dependency artifact pipeline stage step trigger branch commit repository tag label annotation namespace project team
member owner admin operator provider region zone instance machine process thread memory disk storage bucket object
blob stream channel topic subscriber publisher consumer producer partition replica shard leader follower lease lock
transaction commit rollback checkpoint cursor batch payload signature hash digest algorithm cipher key vault
manifest descriptor spec contract interface method function handler middleware filter router listener socket buffer
frame packet protocol format encoding charset locale timezone timestamp duration interval window threshold metric
gauge counter histogram trace span sample alert rule incident dashboard panel widget report summary overview detail
profile preference avatar invitation invite license plan subscription invoice payment customer tenant environment
stack runtime compiler bundle asset script command argument parameter default fallback override scope claim audience
issuer grant redirect callback origin cookie header mirror registry feed catalog inventory entry item list map set
array string number boolean integer identifier alias name title description comment note warning hint tip
editor terminal console shell prompt output input source target destination link reference anchor heading chunk
sidebar menu button dialog form modal toast banner badge icon theme layout style color font`;

const VERBS = `configure deploy build run start stop restart create delete update list get set read write send receive
return enable disable install upgrade remove add check validate verify sign encrypt decrypt hash cache store load save
export import sync fetch push pull merge rebase tag release publish subscribe notify watch poll retry fail succeed
authenticate authorize grant revoke rotate expire renew refresh reset restore back migrate index search filter sort
rank page limit throttle queue schedule trigger cancel pause resume skip ignore log trace measure report alert
monitor debug inspect open close lock unlock attach detach mount unmount bind route forward redirect proxy serve
render parse format encode decode compress extract archive upload download stream buffer flush commit replay
invite assign approve reject accept link unlink register connect disconnect scale provision allocate reserve free
clean prune compact rebuild generate distill emit compile bundle resolve map reduce group split join copy move rename`;

const ADJECTIVES = `default new current previous next first last single multiple optional required custom global local
remote internal external public private shared dedicated primary secondary active inactive pending expired valid
invalid empty full partial complete incremental stale fresh cached persistent temporary permanent automatic manual
secure insecure encrypted signed unsigned read-only writable available unavailable healthy unhealthy slow fast large
small maximum minimum total average concurrent parallel sequential synchronous asynchronous idle busy open closed
unique duplicate upstream downstream nested flat verbose quiet strict lenient deprecated experimental stable legacy
native hosted managed self-hosted offline online mutable immutable ordered unordered relative absolute raw plain
structured compressed transient durable exclusive inclusive recursive static dynamic explicit implicit`;

const ADVERBS = `automatically manually usually quickly slowly immediately eventually periodically safely silently
explicitly implicitly directly indirectly locally remotely concurrently sequentially atomically lazily eagerly typically
rarely`;

const UNITS = ['second', 'minute', 'hour', 'day', 'request', 'user', 'workspace', 'build', 'node', 'page'];
const NOUN_PREFIXES = ['re', 'pre', 'sub', 'multi', 'auto', 'inter', 'over', 'under', 'non', 'co', 'de', 'un', 'post', 'meta', 'micro', 'super'];
const NOUN_SUFFIXES = ['er', 'ing', 'ment', 'ness', 'ity', 'let', 'set', 'map', 'store', 'pool', 'line', 'point', 'space', 'board'];
const SYLLABLES = ['lu', 'men', 'qua', 'rry', 'he', 'lix', 'cor', 'vex', 'tan', 'drel', 'ori', 'on', 'ka', 'zen', 'pyx', 'ter', 'nim', 'bus', 'ar', 'go', 'sol', 'ace', 'fen', 'rix', 'vel', 'to', 'mo', 'dal', 'sy', 'lo'];
const HTTP_STATUSES = ['200 OK', '201 Created', '204 No Content', '304 Not Modified', '400 Bad Request', '401 Unauthorized', '403 Forbidden', '404 Not Found', '409 Conflict', '410 Gone', '412 Precondition Failed', '422 Unprocessable Entity', '429 Too Many Requests', '500 Internal Server Error', '502 Bad Gateway', '503 Service Unavailable'];
const GROUPS = ['getting-started', 'guides', 'concepts', 'reference', 'operations', 'integrations', 'security', 'administration', 'troubleshooting', 'tutorials'];
const COMMON_HEADINGS = ['Overview', 'Examples', 'Limits', 'Troubleshooting', 'Prerequisites', 'Next steps', 'Configuration', 'Options', 'Permissions', 'Known issues', 'See also', 'Defaults'];

const words = (text: string): string[] => text.split(/\s+/).filter((word) => word.length > 0);

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

const DOUBLING = new Set(['stop', 'run', 'set', 'get', 'map', 'tag', 'plan', 'ship', 'skip', 'drop', 'split', 'commit', 'log', 'unzip']);
/** Past participles that do not follow the rules (the prose only uses `is built`, `has sent`). */
const IRREGULAR_PARTICIPLE: Record<string, string> = { run: 'run', build: 'built', send: 'sent', get: 'gotten', set: 'set', write: 'written', read: 'read', split: 'split', bind: 'bound', free: 'freed' };

function verbForms(verb: string): { base: string; third: string; past: string; ing: string } {
  const third = /(s|x|z|ch|sh)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
  const stemForm = DOUBLING.has(verb) ? verb + verb.slice(-1) : verb.endsWith('e') && !verb.endsWith('ee') ? verb.slice(0, -1) : verb;
  const past = IRREGULAR_PARTICIPLE[verb] ?? (/[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : verb.endsWith('e') ? `${verb}d` : `${stemForm}ed`);
  return { base: verb, third, past, ing: `${stemForm}ing` };
}

const capitalize = (text: string): string => (text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1));
const camel = (parts: readonly string[]): string => parts.map((part, at) => (at === 0 ? part : capitalize(part))).join('');
const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Everything a corpus draws words from; the search bench draws its queries from it too. */
export interface CorpusVocabulary {
  /** Nouns, most frequent first (real words, then derived ones). */
  readonly nouns: readonly string[];
  readonly verbs: readonly string[];
  readonly adjectives: readonly string[];
  readonly adverbs: readonly string[];
  readonly products: readonly string[];
  readonly flags: readonly string[];
  readonly envVars: readonly string[];
  readonly apiPaths: readonly string[];
  readonly configKeys: readonly string[];
  readonly errorCodes: readonly string[];
  /** Number of distinct plain words (all forms) the prose can use. */
  readonly distinctWords: number;
}

function unique<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}

/** Builds the vocabulary of a seed: the word lists in a seeded order of frequency, and identifier pools. */
export function buildVocabulary(seed: number): CorpusVocabulary {
  const random = new Random(mixSeed(seed, 'vocabulary'));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let at = copy.length - 1; at > 0; at -= 1) {
      const other = random.int(0, at);
      const a = copy[at] as T;
      copy[at] = copy[other] as T;
      copy[other] = a;
    }
    return copy;
  };
  // Real words keep roughly their list order (common first) with local shuffling.
  const baseNouns = unique(words(NOUNS));
  const verbs = unique(words(VERBS));
  const nouns = shuffle(baseNouns.slice(0, 60)).concat(shuffle(baseNouns.slice(60)));
  const derived = new Set<string>();
  const roots = [...baseNouns, ...verbs].filter((word) => word.length >= 3 && !word.includes('-'));
  while (derived.size < 2600) {
    const root = random.pick(roots);
    const form = random.int(0, 2);
    const word =
      form === 0
        ? random.pick(NOUN_PREFIXES) + root
        : form === 1
          ? root + random.pick(NOUN_SUFFIXES)
          : root + random.pick(baseNouns.filter((noun) => noun.length <= 6));
    if (!baseNouns.includes(word) && !verbs.includes(word)) derived.add(word);
  }
  const allNouns = nouns.concat(shuffle([...derived]));
  const products = unique(
    Array.from({ length: 48 }, () => capitalize(random.pick(SYLLABLES) + random.pick(SYLLABLES) + (random.chance(0.4) ? random.pick(SYLLABLES) : ''))),
  );
  const flagWords = [...baseNouns, ...verbs].filter((word) => !word.includes('-'));
  const flags = unique(Array.from({ length: 1800 }, () => `--${random.pick(flagWords)}${random.chance(0.7) ? `-${random.pick(flagWords)}` : ''}`));
  const envVars = unique(
    Array.from({ length: 1400 }, () =>
      [random.pick(products), random.pick(flagWords), ...(random.chance(0.6) ? [random.pick(flagWords)] : [])].join('_').replace(/-/g, '_').toUpperCase(),
    ),
  );
  const apiPaths = unique(
    Array.from({ length: 900 }, () => {
      const parts = [`/api/v${random.int(1, 2)}`, plural(random.pick(baseNouns.slice(0, 150)))];
      if (random.chance(0.6)) parts.push('{id}');
      if (random.chance(0.5)) parts.push(random.pick(flagWords));
      return parts.join('/');
    }),
  );
  const configKeys = unique(
    Array.from({ length: 900 }, () => `${random.pick(baseNouns.slice(0, 120))}.${camel([random.pick(['max', 'min', 'default', 'enable', 'allow', 'use', 'log']), random.pick(flagWords)])}`),
  );
  const errorCodes = unique(Array.from({ length: 400 }, () => `${random.pick(products).slice(0, 3).toUpperCase()}-${random.int(1000, 9999)}`));
  const adjectives = unique(words(ADJECTIVES));
  const adverbs = unique(words(ADVERBS));
  const distinctWords = new Set([
    ...allNouns,
    ...allNouns.map(plural),
    ...verbs.flatMap((verb) => Object.values(verbForms(verb))),
    ...adjectives,
    ...adverbs,
  ]).size;
  return { nouns: allNouns, verbs, adjectives, adverbs, products, flags, envVars, apiPaths, configKeys, errorCodes, distinctWords };
}

// ---------------------------------------------------------------------------------------
// Prose

/** The draws of one page: global Zipf tables plus the page's own topic words. */
class Writer {
  constructor(
    private readonly random: Random,
    private readonly tables: Tables,
    private readonly topic: { readonly nouns: readonly string[]; readonly verbs: readonly string[]; readonly product: string; readonly cli: string },
  ) {}
  get r(): Random {
    return this.random;
  }
  noun(): string {
    return this.random.chance(0.35) ? this.random.pick(this.topic.nouns) : this.tables.nouns.draw(this.random);
  }
  nouns(): string {
    return plural(this.noun());
  }
  verb(): ReturnType<typeof verbForms> {
    return verbForms(this.random.chance(0.3) ? this.random.pick(this.topic.verbs) : this.tables.verbs.draw(this.random));
  }
  adjective(): string {
    return this.tables.adjectives.draw(this.random);
  }
  adverb(): string {
    return this.tables.adverbs.draw(this.random);
  }
  product(): string {
    return this.random.chance(0.8) ? this.topic.product : this.tables.products.draw(this.random);
  }
  flag(): string {
    return this.tables.flags.draw(this.random);
  }
  env(): string {
    return this.tables.envVars.draw(this.random);
  }
  apiPath(): string {
    return this.tables.apiPaths.draw(this.random);
  }
  configKey(): string {
    return this.tables.configKeys.draw(this.random);
  }
  errorCode(): string {
    return this.tables.errorCodes.draw(this.random);
  }
  cli(): string {
    return this.topic.cli;
  }
  value(): string {
    return this.random.pick([String(this.random.int(1, 600)), `${this.random.int(1, 90)}s`, `${this.random.int(1, 48)}h`, 'true', 'false', `"${this.noun()}"`, `${this.random.int(1, 512)}MiB`]);
  }
  status(): string {
    return this.random.pick(HTTP_STATUSES);
  }
  /** A noun phrase: `the cache`, `a stale token`, `each build queue`. */
  phrase(): string {
    const adjective = this.random.chance(0.35) ? `${this.adjective()} ` : '';
    const noun = this.noun();
    const modifier = this.random.chance(0.25) ? this.noun() : noun;
    const head = `${adjective}${modifier === noun ? '' : `${modifier} `}${noun}`;
    const determiner = this.random.pick(['the', 'the', 'the', 'a', 'each', 'every', 'its', 'your']);
    return `${determiner === 'a' ? article(head) : determiner} ${head}`;
  }
  sentence(): string {
    const r = this.random;
    const prep = (): string => r.pick(['in', 'for', 'from', 'to', 'on', 'with', 'of', 'by', 'through', 'after', 'before']);
    const templates: (() => string)[] = [
      () => `${capitalize(this.phrase())} ${this.verb().third} ${this.phrase()} ${prep()} ${this.phrase()}.`,
      () => `When \`${this.flag()}\` is set, ${this.product()} ${this.verb().third} ${this.phrase()} before it ${this.verb().third} ${this.phrase()}.`,
      () => `Use \`${this.cli()} ${this.verb().base} ${this.noun()}\` to ${this.verb().base} ${this.phrase()} ${prep()} ${this.phrase()}.`,
      () => `By default ${this.phrase()} is \`${this.value()}\`; set \`${this.env()}\` to change it.`,
      () => `${this.product()} ${this.verb().third} ${this.nouns()} ${this.adverb()} and ${this.verb().third} ${this.nouns()} that ${this.verb().base} ${this.adjective()} ${this.nouns()}.`,
      () => `The \`${this.apiPath()}\` endpoint returns ${this.phrase()} of ${this.phrase()} as JSON.`,
      () => `If ${this.phrase()} fails, the server answers \`${this.status()}\` and logs \`${this.errorCode()}\`.`,
      () => `Each ${this.noun()} has ${article(this.noun())} ${this.noun()}, ${article(this.noun())} ${this.noun()} and an optional ${this.noun()}.`,
      () => `You can ${this.verb().base} ${this.nouns()} ${prep()} ${this.phrase()} or through the \`${this.apiPath()}\` API.`,
      () => `${capitalize(this.adverb())}, ${this.nouns()} are ${this.verb().past} ${prep()} ${this.phrase()} until ${this.phrase()} ${this.verb().third}.`,
      () => `Note that ${this.nouns()} are ${this.adjective()} unless \`${this.configKey()}\` is \`${r.pick(['true', 'false'])}\`.`,
      () => `${capitalize(this.phrase())} ${this.verb().third} at most ${r.int(2, 500)} ${this.nouns()} per ${r.pick(UNITS)}.`,
      () => `${capitalize(this.verb().ing)} ${this.phrase()} ${this.verb().third} ${this.phrase()}, so ${this.verb().base} ${this.phrase()} first.`,
      () => `This is useful when ${this.phrase()} is ${this.adjective()} or ${this.phrase()} has ${this.verb().past} ${this.phrase()}.`,
      () => `${capitalize(this.nouns())} and ${this.nouns()} are ${this.adverb()} ${this.verb().past} by ${this.product()}.`,
      () => `Set \`${this.configKey()}\` to \`${this.value()}\` to ${this.verb().base} ${this.phrase()} ${this.adverb()}.`,
    ];
    return r.pick(templates)();
  }
  paragraph(): string {
    return Array.from({ length: this.random.int(2, 3) }, () => this.sentence()).join(' ');
  }
}

interface Tables {
  readonly nouns: Zipf<string>;
  readonly verbs: Zipf<string>;
  readonly adjectives: Zipf<string>;
  readonly adverbs: Zipf<string>;
  readonly products: Zipf<string>;
  readonly flags: Zipf<string>;
  readonly envVars: Zipf<string>;
  readonly apiPaths: Zipf<string>;
  readonly configKeys: Zipf<string>;
  readonly errorCodes: Zipf<string>;
}

function makeTables(vocabulary: CorpusVocabulary): Tables {
  return {
    nouns: new Zipf(vocabulary.nouns, 1.15, 2.7),
    verbs: new Zipf(vocabulary.verbs, 0.9),
    adjectives: new Zipf(vocabulary.adjectives, 0.9),
    adverbs: new Zipf(vocabulary.adverbs, 0.8),
    products: new Zipf(vocabulary.products, 0.8),
    flags: new Zipf(vocabulary.flags, 0.9, 10),
    envVars: new Zipf(vocabulary.envVars, 0.9, 10),
    apiPaths: new Zipf(vocabulary.apiPaths, 0.9, 10),
    configKeys: new Zipf(vocabulary.configKeys, 0.9, 10),
    errorCodes: new Zipf(vocabulary.errorCodes, 0.7, 10),
  };
}

// ---------------------------------------------------------------------------------------
// Blocks

function table(w: Writer): string {
  const r = w.r;
  const rows = r.int(3, 6);
  const kind = r.int(0, 2);
  if (kind === 0) {
    const lines = ['| Flag | Default | Description |', '|---|---|---|'];
    for (let row = 0; row < rows; row += 1) lines.push(`| \`${w.flag()}\` | \`${w.value()}\` | ${capitalize(w.verb().third)} ${w.phrase()}. |`);
    return lines.join('\n');
  }
  if (kind === 1) {
    const lines = ['| Field | Type | Description |', '|---|---|---|'];
    for (let row = 0; row < rows; row += 1) {
      lines.push(`| \`${w.noun()}_${w.noun()}\` | ${r.pick(['string', 'integer', 'boolean', 'array', 'object', 'timestamp'])} | ${capitalize(w.phrase())} ${w.verb().past} by ${w.phrase()}. |`);
    }
    return lines.join('\n');
  }
  const lines = ['| Status | Meaning |', '|---|---|'];
  for (let row = 0; row < rows; row += 1) lines.push(`| \`${w.status()}\` | ${capitalize(w.phrase())} is ${w.adjective()}. |`);
  return lines.join('\n');
}

function codeBlock(w: Writer): string {
  const r = w.r;
  const kind = r.int(0, 2);
  if (kind === 0) {
    const lines = [`export ${w.env()}=${w.value().replace(/"/g, '')}`];
    for (let line = r.int(1, 3); line > 0; line -= 1) lines.push(`${w.cli()} ${w.verb().base} ${w.noun()} ${w.flag()} ${w.value().replace(/"/g, '')}`);
    if (r.chance(0.4)) lines.push(`curl -s "$${w.env()}${w.apiPath().replace('{id}', String(r.int(1, 99)))}"`);
    return `\`\`\`bash\n${lines.join('\n')}\n\`\`\``;
  }
  if (kind === 1) {
    const lines = [`${w.noun()}:`];
    for (let line = r.int(2, 5); line > 0; line -= 1) lines.push(`  ${camel([w.noun(), w.noun()])}: ${w.value()}`);
    return `\`\`\`yaml\n${lines.join('\n')}\n\`\`\``;
  }
  const fields = Array.from({ length: r.int(2, 5) }, () => `  "${w.noun()}_${w.noun()}": ${JSON.stringify(w.value().replace(/"/g, ''))}`);
  return `\`\`\`json\n{\n${fields.join(',\n')}\n}\n\`\`\``;
}

function list(w: Writer): string {
  const r = w.r;
  const count = r.int(3, 5);
  if (r.chance(0.5)) {
    return Array.from({ length: count }, (_, at) => `${at + 1}. ${capitalize(w.verb().base)} ${w.phrase()}${r.chance(0.4) ? ` with \`${w.flag()}\`` : ''}.`).join('\n');
  }
  return Array.from({ length: count }, () => `- **${capitalize(w.noun())}**: ${w.sentence()}`).join('\n');
}

function heading(w: Writer): string {
  const r = w.r;
  const forms: (() => string)[] = [
    () => `${capitalize(w.verb().ing)} ${w.nouns()}`,
    () => `${capitalize(w.verb().ing)} the ${w.noun()} ${w.noun()}`,
    () => `The \`${w.flag()}\` flag`,
    () => `${capitalize(w.adjective())} ${w.nouns()}`,
    () => `How ${w.nouns()} ${w.verb().base}`,
    () => `${capitalize(w.noun())} ${w.noun()}`,
    () => `When ${w.phrase()} ${w.verb().third}`,
    () => `\`${w.status()}\` from ${w.phrase()}`,
    () => r.pick(COMMON_HEADINGS),
  ];
  return r.pick(forms)();
}

function sectionBody(w: Writer): string {
  const r = w.r;
  const blocks = [w.paragraph()];
  if (r.chance(0.3)) blocks.push(w.paragraph());
  const extra = r.float();
  if (extra < 0.22) blocks.push(table(w));
  else if (extra < 0.5) blocks.push(codeBlock(w));
  else if (extra < 0.7) blocks.push(list(w));
  if (r.chance(0.3)) blocks.push(w.paragraph());
  return blocks.join('\n\n');
}

// ---------------------------------------------------------------------------------------
// Pages and folders

export interface CorpusOptions {
  readonly pages: number;
  readonly seed: number;
}

export interface GeneratedFile {
  /** Path relative to the corpus folder, POSIX separators. */
  readonly path: string;
  readonly text: string;
}

export interface GeneratedCorpus {
  readonly files: readonly GeneratedFile[];
  readonly vocabulary: CorpusVocabulary;
}

const slugWords = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The folders of a corpus: `group/topic[/subtopic]`, about 25 pages each. */
function makeFolders(seed: number, count: number, vocabulary: CorpusVocabulary): string[] {
  const random = new Random(mixSeed(seed, 'folders'));
  const folders = new Set<string>();
  const topics = vocabulary.nouns.slice(0, 400);
  while (folders.size < count) {
    const group = random.pick(GROUPS);
    const depth = random.int(1, 3);
    const parts = [group];
    for (let level = 1; level < depth; level += 1) parts.push(random.pick(topics));
    folders.add(parts.join('/'));
  }
  return [...folders];
}

function page(seed: number, at: number, vocabulary: CorpusVocabulary, tables: Tables): { readonly name: string; readonly text: string } {
  const random = new Random(mixSeed(seed, 'page', at));
  const product = tables.products.draw(random);
  const topic = {
    // topic words are mostly plain nouns (the first ~330 are real words), now and then a derived one
    nouns: Array.from({ length: random.int(3, 6) }, (_, at) => random.pick(vocabulary.nouns.slice(0, at < 2 ? 300 : 900))),
    verbs: Array.from({ length: 2 }, () => tables.verbs.draw(random)),
    product,
    cli: product.toLowerCase(),
  };
  const w = new Writer(random, tables, topic);
  const main = topic.nouns[0] ?? 'service';
  const second = topic.nouns[1] ?? 'setting';
  const title = random.pick([
    `${capitalize(verbForms(topic.verbs[0] ?? 'configure').ing)} ${plural(main)}`,
    `${product} ${main} ${second}`,
    `${capitalize(main)} ${plural(second)}`,
    `The ${main} ${second}`,
    `${capitalize(main)} reference`,
    `${capitalize(w.adjective())} ${plural(main)} in ${product}`,
  ]);
  const description = `${capitalize(w.verb().base)} ${w.phrase()} and ${w.verb().base} ${w.phrase()}.`;
  const lines: string[] = ['---', `title: ${JSON.stringify(title)}`, `description: ${JSON.stringify(description)}`];
  if (random.chance(0.6)) lines.push(`sidebar_position: ${random.int(1, 40)}`);
  if (random.chance(0.5)) lines.push(`tags: [${[main, second, product.toLowerCase()].join(', ')}]`);
  lines.push('---', '', `# ${title}`, '', w.paragraph());
  if (random.chance(0.4)) lines.push('', w.paragraph());
  const sections = random.int(3, 8);
  let depth = 2;
  for (let index = 0; index < sections; index += 1) {
    depth = index > 0 && depth === 2 && random.chance(0.35) ? 3 : 2;
    lines.push('', `${'#'.repeat(depth)} ${heading(w)}`, '', sectionBody(w));
  }
  const name = `${slugWords(title).split('-').slice(0, 4).join('-') || 'page'}`;
  return { name, text: `${lines.join('\n')}\n` };
}

/** Generates a corpus in memory: `pages` files in nested folders. Deterministic for (pages, seed). */
export function generateCorpus(options: CorpusOptions): GeneratedCorpus {
  const vocabulary = buildVocabulary(options.seed);
  const tables = makeTables(vocabulary);
  const folders = makeFolders(options.seed, Math.max(1, Math.ceil(options.pages / 25)), vocabulary);
  const placement = new Random(mixSeed(options.seed, 'placement', options.pages));
  // a folder's own path is a slug too (of its index page): never reuse one for a page
  const usedSlugs = new Set<string>();
  const files: GeneratedFile[] = [];
  for (let at = 0; at < options.pages; at += 1) {
    const folder = placement.pick(folders);
    const { name, text } = page(options.seed, at, vocabulary, tables);
    // sometimes the folder's index page (its slug is the folder's), unless that slug is taken
    const asIndex = placement.chance(0.15) && !usedSlugs.has(folder);
    let slug = asIndex ? folder : `${folder}/${name}`;
    for (let suffix = 2; usedSlugs.has(slug); suffix += 1) slug = `${folder}/${name}-${suffix}`;
    usedSlugs.add(slug);
    files.push({ path: asIndex ? `${folder}/index.md` : `${slug}.md`, text });
  }
  return { files, vocabulary };
}

/** Writes a generated corpus below `dir` (created when missing). */
export async function writeCorpus(dir: string, corpus: GeneratedCorpus): Promise<void> {
  const folders = new Set(corpus.files.map((file) => path.posix.dirname(file.path)));
  for (const folder of folders) await mkdir(path.join(dir, folder), { recursive: true });
  const batch = 64;
  for (let start = 0; start < corpus.files.length; start += batch) {
    await Promise.all(corpus.files.slice(start, start + batch).map((file) => writeFile(path.join(dir, file.path), file.text)));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { pages: { type: 'string', default: '1000' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } },
  });
  const pages = Number(values.pages);
  const seed = Number(values.seed);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`--pages must be a positive integer, got '${values.pages}'`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got '${values.seed}'`);
  if (values.out === undefined) throw new Error('usage: generate-corpus --pages N --out DIR [--seed S]');
  const corpus = generateCorpus({ pages, seed });
  await writeCorpus(values.out, corpus);
  const bytes = corpus.files.reduce((total, file) => total + Buffer.byteLength(file.text), 0);
  console.log(`wrote ${corpus.files.length} pages (${(bytes / 1024 / 1024).toFixed(1)} MiB, ${corpus.vocabulary.distinctWords} distinct words) to ${values.out}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
