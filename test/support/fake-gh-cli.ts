/** The fake `gh` itself (see fake-gh.ts): one call, against the state file `FAKE_GH_STATE`. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { COMMENT_MARKER } from '../../pipeline/cli/digest-diff-comment.ts';
import { HEAD_SHA_FILTER, OWN_COMMENT_FILTER } from '../../pipeline/init/comment-workflow.ts';
import { BOT_LOGIN } from '../../pipeline/init/workflow-names.ts';
import { OPEN_PULL_FILTER } from '../../pipeline/init/publish-job.ts';
import { BODY_LIMIT, type FakeComment, type FakePull, type GhState } from './fake-gh.ts';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

class GhFailure extends Error {}

const stateFile = process.env.FAKE_GH_STATE ?? '';
let state = JSON.parse(readFileSync(stateFile, 'utf8')) as GhState;
const argv = process.argv.slice(2);
const token = process.env.GH_TOKEN ?? '';

/** The filters the workflows pass to `--jq`, each as the function gh's jq would compute. */
const FILTERS: Readonly<Record<string, (value: Json) => Json[]>> = {
  [HEAD_SHA_FILTER]: (value) => [((value as { head: { sha: string } }).head.sha)],
  [OWN_COMMENT_FILTER]: (value) =>
    (value as readonly { id: number; body: string; user: { login: string } }[]).filter((comment) => comment.user.login === BOT_LOGIN && comment.body.startsWith(COMMENT_MARKER)).map((comment) => comment.id),
  [OPEN_PULL_FILTER]: (value) => (value as readonly { number: number }[]).map((pull) => pull.number),
};

function save(next: GhState): void {
  state = next;
  writeFileSync(stateFile, `${JSON.stringify(next, null, 2)}\n`);
}

/** The options of a call (`--name value`, `-F k=v`, repeated ones in a list) and its positionals. */
function options(words: readonly string[], flags: ReadonlySet<string>): { readonly named: Map<string, string[]>; readonly positionals: string[] } {
  const named = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at] ?? '';
    if (!word.startsWith('-')) {
      positionals.push(word);
      continue;
    }
    if (flags.has(word)) {
      named.set(word, ['true']);
      continue;
    }
    const value = words[at + 1];
    if (value === undefined) throw new GhFailure(`flag needs an argument: ${word}`);
    named.set(word, [...(named.get(word) ?? []), value]);
    at += 1;
  }
  return { named, positionals };
}

function one(named: Map<string, string[]>, ...names: string[]): string | undefined {
  for (const name of names) {
    const values = named.get(name);
    if (values !== undefined) return values.at(-1);
  }
  return undefined;
}

function who(write: boolean): string {
  if (token === '') throw new GhFailure('gh: To use GitHub CLI in a GitHub Actions workflow, set the GH_TOKEN environment variable.');
  const known = state.tokens[token];
  if (known === undefined) throw new GhFailure('HTTP 401: Bad credentials');
  if (write && !known.write) throw new GhFailure('HTTP 403: Resource not accessible by integration');
  return known.login;
}

function headSha(pull: FakePull): string {
  const ref = pull.headRepository === state.repository ? `refs/heads/${pull.headRef}` : `refs/pull/${pull.number}/head`;
  return execFileSync('git', ['--git-dir', state.origin, 'rev-parse', ref], { encoding: 'utf8' }).trim();
}

function pullJson(pull: FakePull): Json {
  return {
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    user: { login: pull.user },
    head: { ref: pull.headRef, sha: headSha(pull), repo: { full_name: pull.headRepository } },
    base: { ref: pull.baseRef, repo: { full_name: state.repository } },
  };
}

function commentJson(comment: FakeComment): Json {
  return { id: comment.id, body: comment.body, user: { login: comment.user } };
}

function pullNumbered(number: number): FakePull {
  const pull = state.pulls.find((candidate) => candidate.number === number);
  if (pull === undefined) throw new GhFailure('HTTP 404: Not Found');
  return pull;
}

/** The body of a write: `-F body=@FILE` (or `-f body=TEXT`), at most 65,536 characters as GitHub counts them. */
function bodyOf(named: Map<string, string[]>): string {
  const field = [...(named.get('-F') ?? []), ...(named.get('--field') ?? []), ...(named.get('-f') ?? []), ...(named.get('--raw-field') ?? [])].find((entry) => entry.startsWith('body='));
  if (field === undefined) throw new GhFailure('HTTP 422: Validation Failed: body is missing');
  const value = field.slice('body='.length);
  const body = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;
  const characters = [...body].length;
  if (characters > BODY_LIMIT) throw new GhFailure(`HTTP 422: Validation Failed: {"resource":"IssueComment","code":"unprocessable","field":"data","message":"Body is too long (maximum is ${BODY_LIMIT} characters)"} (${characters})`);
  return body;
}

function api(words: readonly string[]): Json {
  const { named, positionals } = options(words, new Set(['--paginate']));
  const method = (one(named, '--method', '-X') ?? 'GET').toUpperCase();
  const [endpoint] = positionals;
  const prefix = `repos/${state.repository}/`;
  if (endpoint === undefined || !endpoint.startsWith(prefix)) throw new GhFailure(`fake gh: no such endpoint: ${endpoint ?? '(none)'}`);
  const route = endpoint.slice(prefix.length);
  let match: RegExpExecArray | null;
  if (method === 'GET' && (match = /^pulls\/(\d+)$/.exec(route))) {
    who(false);
    return pullJson(pullNumbered(Number(match[1])));
  }
  if (method === 'GET' && (match = /^issues\/(\d+)\/comments$/.exec(route))) {
    who(false);
    const issue = Number(match[1]);
    return state.comments.filter((comment) => comment.issue === issue).map(commentJson);
  }
  if (method === 'POST' && (match = /^issues\/(\d+)\/comments$/.exec(route))) {
    const user = who(true);
    const issue = pullNumbered(Number(match[1])).number;
    const comment: FakeComment = { id: state.nextId, issue, body: bodyOf(named), user, revisions: 1 };
    save({ ...state, comments: [...state.comments, comment], nextId: state.nextId + 1 });
    return commentJson(comment);
  }
  if (method === 'PATCH' && (match = /^issues\/comments\/(\d+)$/.exec(route))) {
    const user = who(true);
    const id = Number(match[1]);
    const comment = state.comments.find((candidate) => candidate.id === id);
    if (comment === undefined) throw new GhFailure('HTTP 404: Not Found');
    if (comment.user !== user) throw new GhFailure('HTTP 403: Resource not accessible by integration');
    const edited = { ...comment, body: bodyOf(named), revisions: comment.revisions + 1 };
    save({ ...state, comments: state.comments.map((candidate) => (candidate.id === id ? edited : candidate)) });
    return commentJson(edited);
  }
  throw new GhFailure(`fake gh: the workflows make no such call: ${method} ${endpoint}`);
}

function branchExists(branch: string): boolean {
  try {
    execFileSync('git', ['--git-dir', state.origin, 'rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function pr(words: readonly string[]): Json {
  const [verb, ...rest] = words;
  const { named } = options(rest, new Set());
  if (one(named, '--repo', '-R') !== state.repository) throw new GhFailure('fake gh: pass --repo with the repository');
  if (verb === 'list') {
    who(false);
    const head = one(named, '--head', '-H');
    const base = one(named, '--base', '-B');
    const wanted = one(named, '--state', '-s') ?? 'open';
    if (one(named, '--json') !== 'number') throw new GhFailure('fake gh: pr list --json number only');
    return state.pulls.filter((pull) => (head === undefined || pull.headRef === head) && (base === undefined || pull.baseRef === base) && pull.state === wanted).map((pull) => ({ number: pull.number }));
  }
  if (verb === 'create') {
    const user = who(true);
    const [head, base, title] = [one(named, '--head', '-H'), one(named, '--base', '-B'), one(named, '--title', '-t')];
    if (head === undefined || base === undefined || title === undefined) throw new GhFailure('fake gh: pr create needs --head, --base and --title');
    if (!branchExists(head)) throw new GhFailure(`pull request create failed: GraphQL: Head sha can't be blank, Base sha can't be blank, No commits between ${base} and ${head}, Head ref must be a branch (createPullRequest)`);
    const bodyFile = one(named, '--body-file', '-F');
    const body = bodyFile === undefined ? (one(named, '--body', '-b') ?? '') : readFileSync(bodyFile, 'utf8');
    if ([...body].length > BODY_LIMIT) throw new GhFailure('GraphQL: Body is too long (maximum is 65536 characters) (createPullRequest)');
    const number = Math.max(0, ...state.pulls.map((pull) => pull.number)) + 1;
    const pull: FakePull = { number, title, body, user, headRef: head, headRepository: state.repository, baseRef: base, state: 'open' };
    save({ ...state, pulls: [...state.pulls, pull] });
    process.stdout.write(`https://github.com/${state.repository}/pull/${number}\n`);
    return null;
  }
  throw new GhFailure(`fake gh: the workflows make no such call: pr ${verb ?? ''}`);
}

function printed(value: Json, filter: string | undefined): string {
  if (filter === undefined) return `${JSON.stringify(value)}\n`;
  const apply = FILTERS[filter];
  if (apply === undefined) throw new GhFailure(`fake gh: no such --jq filter in the workflows: ${filter}`);
  return apply(value)
    .map((item) => `${typeof item === 'string' ? item : JSON.stringify(item)}\n`)
    .join('');
}

function main(): void {
  save({ ...state, calls: [...state.calls, { argv, token }] });
  const [command, ...rest] = argv;
  const at = rest.findIndex((word) => word === '--jq' || word === '-q');
  const filter = at === -1 ? undefined : rest[at + 1];
  const words = at === -1 ? rest : rest.filter((_, index) => index !== at && index !== at + 1);
  let value: Json;
  if (command === 'api') value = api(words);
  else if (command === 'pr') value = pr(words);
  else throw new GhFailure(`fake gh: the workflows make no such call: ${argv.join(' ')}`);
  if (value !== null) process.stdout.write(printed(value, filter));
}

try {
  main();
} catch (error) {
  if (!(error instanceof GhFailure)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
