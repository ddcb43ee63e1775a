import { writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { runAsk } from '../support/cli.ts';
import { snapshotTree, changedPaths } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const PAGES = {
  'content/guide/tokens.md': '# Tokens\n\nA **session token** proves who you are.\n\n## Create a token\n\nRun `svc tokens create`.\n\n## Revoke a token\n\nRun `svc tokens rm NAME`.\n',
  'content/guide/ports.md': '# Ports\n\n## Change the port\n\nThe server listens on port 4321 by default.\n',
};

/** The tool the distiller forced: which pass a request is. */
function pass(request: RecordedRequest): string {
  const choice = request.body['tool_choice'];
  return typeof choice === 'object' && choice !== null && 'name' in choice ? String(choice.name) : '';
}

/** The text of the request's messages, however the SDK shaped their content. */
function messageText(request: RecordedRequest): string {
  const messages = request.body['messages'];
  if (!Array.isArray(messages)) return '';
  return messages
    .map((message: { content?: unknown }) =>
      typeof message.content === 'string' ? message.content : Array.isArray(message.content) ? message.content.map((block: { text?: unknown }) => (typeof block.text === 'string' ? block.text : '')).join('\n') : '',
    )
    .join('\n');
}

/** Answers every pass with something valid; section answers quote the first inline code of the request as a fact. */
function answer(request: RecordedRequest): ScriptedReply {
  switch (pass(request)) {
    case 'record_section': {
      // the first inline code of the section source, else its first word: always verbatim
      const source = /<<<SOURCE\n([\s\S]*?)\nSOURCE>>>/.exec(messageText(request))?.[1] ?? '';
      const code = /`([^`]+)`/.exec(source)?.[1] ?? /\w+/.exec(source)?.[0] ?? '';
      return { json: { summary: `What this section says: ${source.slice(-24)}`, facts: [{ kind: 'code', literal: code }, { kind: 'value', literal: 'not in the source at all' }], terms: ['credential'], mode: 'agent-primary' } };
    }
    case 'record_glossary':
      return { json: { entries: [{ term: 'session token', aliases: [], definition: 'Proves who you are.', sections: ['guide/tokens'] }] } };
    case 'record_suggestions':
      return { json: { questions: [{ question: 'How do I revoke a token?', section: 'guide/tokens#revoke-a-token' }] } };
    default:
      return { json: { context: 'Docs about tokens and ports.' } };
  }
}

let fake: FakeModelServer;
let cwd = '';
let cleanup: () => Promise<void> = async () => {};
beforeEach(async () => {
  fake = await startFakeAnthropic();
  fake.respond(answer);
  const folder = await tempFolder(PAGES);
  cwd = folder.dir;
  cleanup = async () => {
    await fake.close();
    await folder.cleanup();
  };
});
afterEach(() => cleanup());

const env = () => ({ ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url });
const buildArgs = ['digest', 'build', '--content', 'content', '--concurrency', '2'];
const sectionCalls = () => fake.requests.filter((request) => pass(request) === 'record_section').length;

describe('digest build with a model provider (the real Anthropic SDK against a fake server)', () => {
  it('distils every section and the corpus passes, drops and counts non-verbatim facts, and never prints the key', async () => {
    const result = await runAsk(buildArgs, cwd, env());
    expect(result.code).toBe(0);
    expect(sectionCalls()).toBe(5);
    expect(fake.requests.map(pass).filter((name) => name !== 'record_section')).toEqual(['record_glossary', 'record_suggestions', 'record_context']);
    expect(result.out.at(-1)).toMatch(/anthropic\/claude-[\w.-]+: 8 model calls, \d+ input \+ \d+ output tokens, \d+ cache hits, 5 non-verbatim facts dropped;/);
    const node = JSON.parse(await readFile(path.join(cwd, 'digest/sections/guide/tokens/revoke-a-token.json'), 'utf8')) as { facts: unknown };
    expect(node.facts).toEqual([{ kind: 'code', literal: 'svc tokens rm NAME', chunkId: 'guide/tokens#revoke-a-token' }]);
    // the question is written with the section the model said answers it: the digest's own check
    expect(JSON.parse(await readFile(path.join(cwd, 'digest/suggestions.json'), 'utf8'))).toEqual({
      answeredIn: { 'How do I revoke a token?': 'guide/tokens#revoke-a-token' },
      suggestions: ['How do I revoke a token?'],
    });
    expect(JSON.stringify(result)).not.toContain(FAKE_KEY);
  });

  it('an unchanged rebuild makes zero model calls', async () => {
    await runAsk(buildArgs, cwd, env());
    fake.requests.length = 0;
    const again = await runAsk(buildArgs, cwd, env());
    expect(again.code).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(again.out.at(-1)).toMatch(/^digest up to date: .* 0 model calls/);
  });

  it('a one-section edit calls the model for that section and the corpus passes only', async () => {
    await runAsk(buildArgs, cwd, env());
    const before = await snapshotTree(path.join(cwd, 'digest'));
    fake.requests.length = 0;
    await writeFile(path.join(cwd, 'content/guide/ports.md'), PAGES['content/guide/ports.md'].replace('4321', '8080'));
    await runAsk(buildArgs, cwd, env());
    expect(fake.requests.map(pass)).toEqual(['record_section', 'record_glossary', 'record_suggestions', 'record_context']);
    expect(fake.requests[0]?.raw).toContain('8080');
    const changed = changedPaths(before, await snapshotTree(path.join(cwd, 'digest')));
    // the page's intro is a bare title: its llms.txt line is the edited section's summary
    expect(changed.filter((file) => !file.startsWith('search/'))).toEqual(['llms-full.txt', 'llms.txt', 'manifest.json', 'pages/guide/ports.md', 'sections/guide/ports/change-the-port.json']);
    expect(changed).toContain('search/sections.txt');
  });

  it('a 500 storm fails the build, keeps the committed digest, and a rerun pays only for what had not finished', async () => {
    await runAsk(buildArgs, cwd, env());
    const committed = await snapshotTree(path.join(cwd, 'digest'));
    await writeFile(path.join(cwd, 'content/guide/new.md'), '# New\n\n## One\n\nRun `one`.\n\n## Two\n\nRun `two`.\n\n## Three\n\nRun `three`.\n');
    fake.requests.length = 0;
    // the new page's intro and first section succeed, then the server fails everything
    let served = 0;
    fake.respond((request) => (pass(request) === 'record_section' && (served += 1) <= 2 ? answer(request) : { status: 500, headers: { 'retry-after': '0.01' }, errorMessage: 'overloaded' }));
    const failed = await runAsk(buildArgs, cwd, env());
    expect(failed.code).toBe(1);
    expect(failed.err.join('\n')).toMatch(/failed, the previous digest is unchanged/);
    expect(failed.err.join('\n')).not.toContain(FAKE_KEY);
    expect(await snapshotTree(path.join(cwd, 'digest'))).toEqual(committed);

    fake.requests.length = 0;
    fake.respond(answer);
    const resumed = await runAsk(buildArgs, cwd, env());
    expect(resumed.code).toBe(0);
    // 4 new sections, 2 already paid for: 2 section calls, then the three corpus passes
    expect(fake.requests.map(pass)).toEqual(['record_section', 'record_section', 'record_glossary', 'record_suggestions', 'record_context']);
    expect(resumed.out.at(-1)).toMatch(/4 changed/);
  });
});
