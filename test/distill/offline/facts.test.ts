import { describe, expect, it } from 'vitest';
import { distillSectionOffline } from '../../../pipeline/distill/offline/index.ts';
import { MAX_FACTS } from '../../../pipeline/distill/offline/facts.ts';
import type { FactKind } from '../../../pipeline/types.ts';
import { makePage, makeSection } from './helpers.ts';

const page = makePage('reference/cli.md', { title: 'Command line' });

function factsOf(source: string, format: 'md' | 'mdx' = 'md') {
  const section = { ...makeSection(page, source), format };
  return distillSectionOffline(section, page).facts;
}

function kindOf(source: string, literal: string): FactKind | undefined {
  return factsOf(source).find((fact) => fact.literal === literal)?.kind;
}

describe('facts: kinds', () => {
  it('reads flags from inline code and from shell blocks', () => {
    const source = '## Serve\n\nPass `--access-url` or `-o json`.\n\n```bash\n$ ask serve --port 0 --digest digest\n```\n';
    const facts = factsOf(source);
    expect(facts).toContainEqual({ kind: 'flag', literal: '--access-url' });
    expect(facts).toContainEqual({ kind: 'flag', literal: '-o json' });
    expect(facts).toContainEqual({ kind: 'flag', literal: '--port' });
    expect(facts).toContainEqual({ kind: 'flag', literal: '--digest' });
  });

  it('takes the first command line of a shell block, without its prompt or comment', () => {
    const source = '## Build\n\n```sh\n# build it\n$ ask digest build --force   # again\n$ ask digest check\n```\n';
    expect(factsOf(source)).toContainEqual({ kind: 'code', literal: 'ask digest build --force' });
    expect(kindOf(source, 'ask digest check')).toBeUndefined();
  });

  it('reads HTTP statuses, paths and sizes as values', () => {
    const source = '## Limits\n\nThe proxy answers 404 for unknown paths and never passes more than 10 MiB from /debug/logs.\n';
    expect(kindOf(source, '404')).toBe('value');
    expect(kindOf(source, '10 MiB')).toBe('value');
    expect(kindOf(source, '/debug/logs')).toBe('value');
  });

  it('does not read every three-digit number as a status', () => {
    expect(kindOf('## Size\n\nThe corpus has 200 pages.\n', '200')).toBeUndefined();
  });

  it('reads environment variables, header names and snake_case fields as keys', () => {
    const source =
      '## Auth\n\nSet `ANTHROPIC_API_KEY`. Send the Svc-Session-Token header; the response has `read_status` and the `Location` header.\n';
    expect(kindOf(source, 'ANTHROPIC_API_KEY')).toBe('key');
    expect(kindOf(source, 'Svc-Session-Token')).toBe('key');
    expect(kindOf(source, 'read_status')).toBe('key');
    expect(kindOf(source, 'Location')).toBe('key');
  });

  it('reads defaults stated in prose', () => {
    const source =
      '## Timeouts\n\nThe timeout defaults to `30s`. The mode is `keyword` by default, results default to 6, and retention is 24 hours by default.\n';
    expect(kindOf(source, '30s')).toBe('default');
    expect(kindOf(source, 'keyword')).toBe('default');
    expect(kindOf(source, '6')).toBe('default');
    expect(kindOf(source, '24 hours')).toBe('default');
  });

  it('reads a Default column, and the first column of a field table as keys', () => {
    const source = [
      '### Environment variables',
      '',
      '| Variable | Default | Notes |',
      '|---|---|---|',
      '| `TELEMETRY_CAPTURE_CONTENT` | `full` | How much is sent. |',
      '| PORT | 4321 | Port to listen on. |',
      '| `mode` | none | No default. |',
      '',
    ].join('\n');
    expect(kindOf(source, 'full')).toBe('default');
    expect(kindOf(source, '4321')).toBe('default');
    expect(kindOf(source, 'PORT')).toBe('key');
    expect(kindOf(source, 'mode')).toBe('key');
    expect(kindOf(source, 'none')).toBeUndefined();
  });

  it('reads a transposed "Default" row and a row marked "The default"', () => {
    const source = [
      '## Kinds',
      '',
      '| | Session token | API key |',
      '|---|---|---|',
      '| Default lifetime | 24 hours of inactivity | 30 days |',
      '',
      '| Value | Meaning |',
      '|---|---|',
      '| `off` | Nothing is sent. |',
      '| `full` | Everything is sent. The default. |',
      '',
    ].join('\n');
    expect(kindOf(source, '24 hours of inactivity')).toBe('default');
    expect(kindOf(source, '30 days')).toBe('default');
    expect(kindOf(source, 'full')).toBe('default');
    expect(kindOf(source, 'off')).toBe('value');
  });

  it('reads keys of JSON and YAML blocks, and env block values', () => {
    const source =
      '## Config\n\n```json\n{ "read_status": "all", "limit": 25 }\n```\n\n```yaml\napps:\n  - slug: code\n```\n\n```env\nASK_PROVIDER=offline\n```\n';
    const facts = factsOf(source);
    expect(facts).toContainEqual({ kind: 'key', literal: 'read_status' });
    expect(facts).toContainEqual({ kind: 'key', literal: 'limit' });
    expect(facts).toContainEqual({ kind: 'key', literal: 'slug' });
    expect(facts).toContainEqual({ kind: 'key', literal: 'ASK_PROVIDER' });
    expect(facts).toContainEqual({ kind: 'value', literal: 'offline' });
  });

  it('reads inline commands as code, with their flags', () => {
    const facts = factsOf('## Check\n\nRun `ask digest check --content docs` in CI.\n');
    expect(facts).toContainEqual({ kind: 'code', literal: 'ask digest check --content docs' });
    expect(facts).toContainEqual({ kind: 'flag', literal: '--content' });
  });
});

describe('facts: selection', () => {
  it('keeps only literals that occur byte-for-byte in the source', () => {
    // The parser unescapes `\/`: the text reads /api/v2/authcheck, the source does not.
    const source = '## Escapes\n\nThe path \\/api\\/v2\\/authcheck is escaped; `/api/v2/users/me` is not.\n';
    const facts = factsOf(source);
    for (const fact of facts) expect(source.includes(fact.literal)).toBe(true);
    expect(facts).toContainEqual({ kind: 'value', literal: '/api/v2/users/me' });
    expect(facts.some((fact) => fact.literal.includes('authcheck'))).toBe(false);
  });

  it('de-duplicates literals, keeping the first position and the most specific kind', () => {
    const source = '## Modes\n\nModes are `keyword` and `agentic`. The mode defaults to `keyword`.\n';
    const facts = factsOf(source);
    expect(facts.filter((fact) => fact.literal === 'keyword')).toEqual([{ kind: 'default', literal: 'keyword' }]);
    expect(facts.map((fact) => fact.literal)).toEqual(['keyword', 'agentic']);
  });

  it(`caps a section at ${MAX_FACTS} facts, keeping defaults and flags first, in source order`, () => {
    const rows = Array.from({ length: 40 }, (_, i) => `| \`field_${i}\` | string |`).join('\n');
    const source = `## Fields\n\n| Field | Type |\n|---|---|\n${rows}\n\nThe limit defaults to \`50\`. Pass \`--verbose\`.\n`;
    const facts = factsOf(source);
    expect(facts).toHaveLength(MAX_FACTS);
    expect(facts).toContainEqual({ kind: 'default', literal: '50' });
    expect(facts).toContainEqual({ kind: 'flag', literal: '--verbose' });
    expect(facts[0]).toEqual({ kind: 'key', literal: 'field_0' });
    expect(facts.slice(-2).map((fact) => fact.kind)).toEqual(['default', 'flag']);
  });

  it('skips literals longer than 200 characters', () => {
    const long = `echo ${'x'.repeat(220)}`;
    const facts = factsOf(`## Long\n\n\`\`\`bash\n${long}\n\`\`\`\n`);
    expect(facts.some((fact) => fact.literal === long)).toBe(false);
  });

  it('reads facts from MDX, and from MDX that does not parse on its own', () => {
    const mdx = '## Tabs\n\n<Tabs>\n  <Tab>Use `--force` here.</Tab>\n</Tabs>\n';
    expect(factsOf(mdx, 'mdx')).toContainEqual({ kind: 'flag', literal: '--force' });
    const broken = '## Half\n\nSet `ASK_MODEL` {unclosed\n\n</Tabs>\n';
    expect(factsOf(broken, 'mdx')).toContainEqual({ kind: 'key', literal: 'ASK_MODEL' });
  });
});
