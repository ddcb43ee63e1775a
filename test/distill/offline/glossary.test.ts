import { describe, expect, it } from 'vitest';
import { buildGlossary } from '../../../pipeline/distill/offline/index.ts';
import { MAX_DEFINITION } from '../../../pipeline/distill/offline/glossary.ts';
import { makeCorpus, makePage } from './helpers.ts';

function glossaryOf(...sources: string[]) {
  return buildGlossary(makeCorpus([{ page: makePage('concepts/page.md', { title: 'Overview' }), sources }]));
}

describe('glossary', () => {
  it('reads "A **term** is ..." definitions, anywhere in a section', () => {
    const glossary = glossaryOf('## Agents\n\nAgents run in workspaces. A **workspace agent** is a process inside a workspace that talks to the control plane.\n');
    expect(glossary).toEqual([
      {
        term: 'workspace agent',
        aliases: [],
        definition: 'A workspace agent is a process inside a workspace that talks to the control plane.',
      },
    ]);
  });

  it('reads "X is a ..." as the first sentence of a section whose heading names X; the heading is no alias', () => {
    const glossary = glossaryOf('## Templates\n\nTemplates are versioned descriptions of infrastructure. They live in git.\n');
    expect(glossary).toEqual([{ term: 'template', aliases: [], definition: 'Templates are versioned descriptions of infrastructure.' }]);
  });

  it('does not read "X is ..." under an unrelated heading, or a sentence that is not a definition', () => {
    expect(glossaryOf('## Installing\n\nThe server is a single binary.\n')).toEqual([]);
    expect(glossaryOf('## The server\n\nThe server is not started by default.\n')).toEqual([]);
    expect(glossaryOf('## Tokens\n\nTokens are issued at sign-in.\n')).toEqual([]);
  });

  it('turns a parenthesised acronym into an alias ("one-time passcode (OTP)")', () => {
    const glossary = glossaryOf('## Reset\n\nA **one-time passcode** (OTP) is a short code the platform emails to you.\n');
    expect(glossary).toEqual([
      {
        term: 'one-time passcode',
        aliases: ['OTP'],
        definition: 'A one-time passcode (OTP) is a short code the platform emails to you.',
      },
    ]);
  });

  it('folds a defined acronym into its spelled-out term', () => {
    const glossary = buildGlossary(
      makeCorpus([
        { page: makePage('concepts/reset.md', { title: 'Reset' }), sources: ['## Reset\n\nThe platform emails you a one-time passcode (OTP).\n'] },
        { page: makePage('concepts/codes.md', { title: 'Codes' }), sources: ['## Codes\n\n**OTP**: A code valid for ten minutes.\n'] },
        { page: makePage('guides/login.md', { title: 'Login' }), sources: ['## Login\n\nType the OTP from the email.\n'] },
      ]),
    );
    expect(glossary).toEqual([{ term: 'one-time passcode', aliases: ['OTP'], definition: 'A code valid for ten minutes.' }]);
  });

  it('reads "**Term**: A definition" list items the docs use elsewhere; fields, tasks and remarks are left out', () => {
    const glossary = buildGlossary(
      makeCorpus([
        {
          page: makePage('concepts/roles.md', { title: 'Roles' }),
          sources: [
            '## Roles\n\n- **Site owner**: The user with full control of the installation.\n- **Title**: The name shown on the page.\n' +
              '- **Install the agent**: A step of the setup.\n- **Linux**: download the binary.\n- **Note**: A reminder.\n- **Run summary**: A panel of the run view.\n',
          ],
        },
        { page: makePage('guides/invite.md', { title: 'Invite' }), sources: ['## Invite\n\nOnly the site owner can invite people. Give it a title.\n'] },
        { page: makePage('guides/backup.md', { title: 'Backup' }), sources: ['## Backup\n\nAsk the site owner for a backup. Set the title.\n'] },
      ]),
    );
    expect(glossary.map((entry) => entry.term)).toEqual(['site owner']);
    expect(glossary[0]?.definition).toBe('The user with full control of the installation.');
  });

  it('accepts any colon definition and code terms in a glossary-like section', () => {
    const glossary = glossaryOf('## Terms\n\n- `agent-primary`: a node whose summary can stand in for its source.\n');
    expect(glossary).toEqual([
      { term: 'agent-primary', aliases: [], definition: 'A node whose summary can stand in for its source.' },
    ]);
  });

  it('merges one term defined twice, case-insensitively, the heading definition winning', () => {
    const glossary = glossaryOf(
      '## Sessions\n\nA **Session token** is what the dashboard keeps in a cookie.\n',
      '## Session tokens\n\nSession tokens are credentials that expire after a period of inactivity.\n',
    );
    expect(glossary).toHaveLength(1);
    expect(glossary[0]?.term).toBe('session token');
    expect(glossary[0]?.definition).toBe('Session tokens are credentials that expire after a period of inactivity.');
  });

  it('keeps a name capitalised when the docs write it so mid-sentence', () => {
    const glossary = glossaryOf(
      '## Ask\n\nAsk is the search box on this site.\n',
      '## Search\n\nType into the Ask box to search.\n',
    );
    expect(glossary.map((entry) => entry.term)).toEqual(['Ask']);
  });

  it('adds an entry for an acronym spelled out anywhere and used again, with a plain definition', () => {
    const glossary = glossaryOf('## Lifetimes\n\nEach record has its time to live (TTL) in seconds.\n', '## Expiry\n\nA record expires when its TTL runs out.\n');
    expect(glossary).toEqual([{ term: 'time to live', aliases: ['TTL'], definition: 'TTL is short for time to live.' }]);
  });

  it('gives no entry for an acronym used only where it is spelled out, or one every reader knows', () => {
    expect(glossaryOf('## Lifetimes\n\nEach record has its time to live (TTL) in seconds.\n')).toEqual([]);
    expect(glossaryOf('## Tools\n\nUse the command line interface (CLI).\n', '## More\n\nThe CLI prints JSON.\n')).toEqual([]);
  });

  it('spells out a plural acronym in the singular, with no plural alias', () => {
    const glossary = glossaryOf(
      '## Tokens\n\nThe API issues JSON Web Tokens (JWTs) to clients.\n',
      '## Checks\n\nEvery JWT is verified.\n',
      '## Expiry\n\nA JWT expires after an hour.\n',
    );
    expect(glossary).toEqual([{ term: 'JSON Web Token', aliases: ['JWT'], definition: 'JWT is short for JSON Web Token.' }]);
  });

  it('reads a subject past an aside between dashes, and prefers a definition that classifies among equals', () => {
    const glossary = buildGlossary(
      makeCorpus([
        { page: makePage('api/app.md', { title: 'App - Zephyr' }), sources: ['Zephyr is the primary object of the API.\n'] },
        { page: makePage('index.md', { title: 'Zephyr - a build runner' }), sources: ['Zephyr - the name of a west wind - is a build runner for large repositories. Teams run Zephyr on every commit.\n'] },
      ]),
    );
    expect(glossary).toEqual([{ term: 'Zephyr', aliases: [], definition: 'Zephyr - the name of a west wind - is a build runner for large repositories.' }]);
  });

  it('ends a definition that leads into a list with a full stop, and drops one cut on a function word', () => {
    expect(glossaryOf('## Valets\n\nA valet is a small helper with a modular design:\n\n- one\n')[0]?.definition).toBe('A valet is a small helper with a modular design.');
    expect(glossaryOf('## Valets\n\nA valet is a small helper with support for:\n\n- one\n')).toEqual([]);
  });

  it('leaves out praise in place of a definition', () => {
    expect(glossaryOf('## Blogs\n\nBlogs are a great way to engage with your audience.\n')).toEqual([]);
    expect(glossaryOf('## Plugins\n\nPlugins are an essential part of the runner.\n')).toEqual([]);
  });

  it('sorts entries by term and clips definitions', () => {
    const long = `A **zebra** is a ${'very '.repeat(80)}striped animal.`;
    const glossary = glossaryOf(`## Z\n\n${long}\n`, '## A\n\nAn **aardvark** is an animal that eats ants.\n');
    expect(glossary.map((entry) => entry.term)).toEqual(['aardvark', 'zebra']);
    expect(glossary[1]?.definition.length).toBeLessThanOrEqual(MAX_DEFINITION);
  });
});
