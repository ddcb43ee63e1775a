/**
 * Facts written in running text rather than in code:
 * - `value`: HTTP statuses next to a cue ("answers 404", "404 Not Found",
 *   "204/304 with no body" after "status"), sizes (`10 MiB`), short durations
 *   (`30s`), bare URLs, API paths of two or more segments (`/api/v2/authcheck`);
 * - `key`: environment variables (`TELEMETRY_KEY`), header names followed by
 *   the word "header";
 * - `default`: numbers and booleans after "defaults to" / "default is" /
 *   "default" ("defaults to 6"), numbers before "by default" ("24 hours by
 *   default");
 * and the cues around inline code: `default` ("defaults to `30s`", "(default
 * `full`)", "`keyword` by default"), `key` ("the `Location` header", "the
 * field `name`", "the `format` parameter").
 */
import type { Parents } from 'mdast';
import { envVarsIn, type Candidate } from './fact-kinds.ts';
import { plainText } from './text.ts';

const STATUS_RUN = /\b[1-5][0-9]{2}(?:\s*(?:\/|,|or|and)\s*[1-5][0-9]{2})*\b(?![-.\d])/g;
const STATUS_BEFORE =
  /\b(?:HTTP|status(?:es)?(?:\s+codes?)?|answers?|answered|returns?|returned|responds?(?:\s+with)?|codes?|errors?|with(?:\s+an?)?)\s*:?\s*$/i;
const STATUS_AFTER = /^\s*(?:[A-Z][a-z]+\b|status|response|error|means|versus|vs\b|\()/;
const SIZE = /\b\d+(?:\.\d+)?\s?(?:KiB|MiB|GiB|TiB|KB|MB|GB|TB|kB)\b/g;
const DURATION = /\b\d+(?:ms|s|m|h)\b/g;
const PATH = /(?<![\w.:/~{}-])\/[A-Za-z0-9][\w.-]*(?:\/[\w.{}:-]+)+\/?/g;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>()"'`]+/g;
const HEADER_NAME = /\b((?:[A-Z][a-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+)|[Xx]-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)\s+(?:header|cookie)s?\b/g;
const NUMBER_DEFAULT =
  /\bdefaults?\s+(?:(?:to|is|of|value\s+is)\s+|:\s*)?(\d+(?:\.\d+)?(?:\s?(?:ms|s|seconds?|minutes?|hours?|days?|KiB|MiB|GiB|KB|MB|GB|bytes?|%))?|true|false|on|off)\b/gi;

const BY_DEFAULT =
  /\b(\d+(?:\.\d+)?\s?(?:ms|s|seconds?|minutes?|hours?|days?|weeks?|KiB|MiB|GiB|KB|MB|GB|bytes?|%)?)\s+by default\b/gi;

/** Facts in one text node's value; `at` is the node's source offset. */
export function proseFacts(text: string, at: number): Candidate[] {
  const found: Candidate[] = [];
  const push = (kind: Candidate['kind'], literal: string, index: number): void => {
    found.push({ kind, literal, at: at + index });
  };
  for (const run of text.matchAll(STATUS_RUN)) {
    const before = text.slice(Math.max(0, run.index - 40), run.index);
    const after = text.slice(run.index + run[0].length);
    if (!STATUS_BEFORE.test(before) && !STATUS_AFTER.test(after)) continue;
    for (const status of run[0].matchAll(/[1-5][0-9]{2}/g)) push('value', status[0], run.index + status.index);
  }
  for (const match of text.matchAll(SIZE)) push('value', match[0], match.index);
  for (const match of text.matchAll(DURATION)) push('value', match[0], match.index);
  for (const match of text.matchAll(URL_IN_TEXT)) push('value', match[0].replace(/[.,;:!?]+$/, ''), match.index);
  for (const match of text.matchAll(PATH)) push('value', match[0].replace(/[.,;:]+$/, ''), match.index);
  for (const match of text.matchAll(HEADER_NAME)) push('key', match[1] ?? '', match.index);
  for (const env of envVarsIn(text)) push('key', env.literal, env.index);
  for (const match of text.matchAll(BY_DEFAULT)) push('default', match[1] ?? '', match.index);
  for (const match of text.matchAll(NUMBER_DEFAULT)) {
    const literal = match[1] ?? '';
    push('default', literal, match.index + match[0].lastIndexOf(literal));
  }
  return found.sort((a, b) => a.at - b.at);
}

const KEY_BEFORE = /\b(?:header|variable|field|property|parameter|option|key)\s*$/i;
const KEY_AFTER = /^\s*(?:(?:request|response|environment|query|path|HTTP)\s+)?(?:headers?|variables?|fields?|propert(?:y|ies)|parameters?|options?)\b/i;
const DEFAULT_BEFORE = /\bdefault(?:s\s+to|s\s+is|\s+is|\s+value(?:\s+is)?|\s+of|s)?\s*[:=]?\s*\(?\s*$/i;
const DEFAULT_AFTER = /^\s*(?:\(default\)|by default\b|is the default\b|\(the default\))/i;

/**
 * The kind the words around an inline code give it, or null: `default` for
 * "defaults to `30s`", "(default `full`)", "`markdown` (default)"; `key` for
 * "the `Location` header", "the field `name`", "the `format` parameter".
 */
export function kindFromContext(parent: Parents | null, index: number): 'default' | 'key' | null {
  if (!parent) return null;
  const before = parent.children[index - 1];
  const after = parent.children[index + 1];
  const tail = before ? plainText(before).slice(-40) : '';
  const head = after ? plainText(after).slice(0, 40) : '';
  if (DEFAULT_BEFORE.test(tail) || DEFAULT_AFTER.test(head)) return 'default';
  if (KEY_BEFORE.test(tail) || KEY_AFTER.test(head)) return 'key';
  return null;
}
