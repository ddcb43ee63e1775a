import { describe, expect, it } from 'vitest';
import { distillSectionOffline } from '../../../pipeline/distill/offline/index.ts';
import { MAX_SUMMARY } from '../../../pipeline/distill/offline/summary.ts';
import { MAX_TERMS } from '../../../pipeline/distill/offline/terms.ts';
import { makePage, makeSection } from './helpers.ts';

const page = makePage('platform/auth/tokens.md', { title: 'Tokens', description: 'Session tokens, API keys and agent tokens.' });

function distil(source: string, format: 'md' | 'mdx' = 'md') {
  const section = { ...makeSection(page, source), format };
  return distillSectionOffline(section, page);
}

describe('summary', () => {
  it('takes first sentences of paragraphs, then second ones, in document order, as plain text', () => {
    const { summary } = distil(
      '## Generate a token\n\nAn **API key** is a long-lived token. It never expires unless revoked.\n\nUse [the dashboard](/settings) or `svc tokens create` to make one.\n\n```bash\nsvc tokens create\n```\n',
    );
    expect(summary).toBe(
      'An API key is a long-lived token. It never expires unless revoked. Use the dashboard or svc tokens create to make one.',
    );
  });

  it('keeps to 3 sentences and at most 320 characters, cut at a sentence or word boundary', () => {
    const sentence = 'Tokens are checked on every request that reaches the control plane through the proxy';
    const paragraphs = Array.from({ length: 6 }, (_, i) => `${sentence} number ${i}.`).join('\n\n');
    const { summary } = distil(`## Checks\n\n${paragraphs}\n`);
    expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY);
    expect(summary.split('. ').length).toBeLessThanOrEqual(3);
    expect(summary.endsWith('.')).toBe(true);
    const long = distil(`## Long\n\nThe proxy checks ${'every token and '.repeat(30)}each key.\n`).summary;
    expect(long.length).toBeLessThanOrEqual(MAX_SUMMARY);
    // cut at a word boundary, before the function word the cut left at the end
    expect(long.endsWith('token…')).toBe(true);
  });

  it('describes a table-only section from its structure', () => {
    const { summary } = distil(
      '### Fields\n\n| Field | Type |\n|---|---|\n| `name` | string |\n| `ttl` | duration |\n| `scope` | string |\n',
    );
    expect(summary).toBe('This section has a reference table of 3 fields: name, ttl and scope. The columns are Field and Type.');
  });

  it('describes a code-only section by its language and first command', () => {
    expect(distil('## Example\n\n```bash\n$ svc tokens list -o json\n```\n').summary).toBe(
      'This section shows an example in bash: svc tokens list -o json.',
    );
    expect(distil('## Example\n\n```json\n{ "a": 1 }\n```\n').summary).toBe('This section shows an example in JSON.');
  });

  it('completes a lead-in from the list it introduces, and does not describe that list again', () => {
    const { summary } = distil('## Flags\n\nThe flags are:\n\n- `--ttl`: lifetime.\n- `--scope`: scope.\n');
    expect(summary).toBe('The flags are --ttl and --scope.');
  });

  it('falls back to the page description for an empty intro chunk', () => {
    expect(distil('# Tokens\n').summary).toBe('Session tokens, API keys and agent tokens.');
  });
});

describe('terms', () => {
  it('has bold and link phrases and whole identifiers, not the heading words the heading already weighs', () => {
    const { terms } = distil(
      '## Reading the inbox\n\nFilter with `read_status` and `createAskHandler`; see **notification templates** and [dispatch methods](/x).\n',
    );
    for (const term of ['read_status', 'createaskhandler', 'notification templates', 'dispatch methods']) expect(terms).toContain(term);
    for (const term of ['reading', 'inbox', 'create', 'ask', 'handler']) expect(terms).not.toContain(term);
  });

  it('falls back to the heading and its words when nothing else is a term', () => {
    expect(distil('## Reading the ledger\n\nOpen it.\n').terms).toEqual(['reading the ledger', 'reading', 'ledger']);
  });

  it('has acronyms with their expansion', () => {
    const { terms } = distil('## Reset\n\nThe platform emails a one-time passcode (OTP) that is valid for ten minutes.\n');
    expect(terms).toContain('otp');
    expect(terms).toContain('one-time passcode');
  });

  it('adds thesaurus synonyms only when the trigger word is in the heading', () => {
    expect(distil('## Rotate a token\n\nDo it every month.\n').terms).toContain('credential');
    const inBody = distil('## Rotate\n\nRotate the token every month.\n').terms;
    expect(inBody).not.toContain('credential');
    expect(distil('## Rotate\n\nRotate the disk every month.\n').terms).not.toContain('credential');
    expect(distil('## Log in\n\nUsers need a password.\n').terms).toContain('sign in');
  });

  it('is lower case, unique, without stopwords, and at most 24 long', () => {
    const words = Array.from({ length: 60 }, (_, i) => `**Phrase${i}**`).join(' and ');
    const { terms } = distil(`## The Big Section\n\n${words} The the THE.\n`);
    expect(terms.length).toBeLessThanOrEqual(MAX_TERMS);
    expect(new Set(terms).size).toBe(terms.length);
    for (const term of terms) expect(term).toBe(term.toLowerCase());
    expect(terms).not.toContain('the');
  });

  it('uses the page title when the heading is generic', () => {
    expect(distil('### Example\n\n```bash\nsvc tokens list\n```\n').terms).toContain('tokens');
  });
});

describe('mode', () => {
  it('is source-primary for a table-heavy section', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `| \`field_${i}\` | string | The field number ${i}. |`).join('\n');
    const source = `## Fields\n\nThe request body:\n\n| Field | Type | Notes |\n|---|---|---|\n${rows}\n`;
    expect(distil(source).mode).toBe('source-primary');
  });

  it('is source-primary for an option list of five code-led items', () => {
    const items = ['--ttl', '--scope', '--name', '--output', '--quiet'].map((flag) => `- \`${flag}\`: what it sets.`);
    const source = `## Options\n\nThese options change how tokens are created and shown to you in the terminal output.\n\n${items.join('\n')}\n`;
    expect(distil(source).mode).toBe('source-primary');
    const four = `## Options\n\nThese options change how tokens are created and shown to you in the terminal output.\n\n${items.slice(0, 4).join('\n')}\n`;
    expect(distil(four).mode).toBe('agent-primary');
  });

  it('is agent-primary for prose with a small example', () => {
    const source =
      '## Rotation\n\nRotate tokens when someone leaves the team or a laptop is lost. Revoking a token takes effect on the next request, and workspaces keep running. Create the new token before revoking the old one, so that scripts keep working while you switch them over.\n\n```bash\nsvc tokens rm old\n```\n';
    expect(distil(source).mode).toBe('agent-primary');
  });
});

describe('section pass', () => {
  it('gives the same output for the same section, byte for byte', () => {
    const source = '## Kinds\n\nA **session token** (ST) is a credential. Use `--ttl 24h` (default `24h`).\n\n| Kind | Default |\n|---|---|\n| `api` | 30 days |\n';
    expect(JSON.stringify(distil(source))).toBe(JSON.stringify(distil(source)));
  });
});
