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

  it('reads "X is a ..." as the first sentence of a section whose heading names X, with the heading as an alias', () => {
    const glossary = glossaryOf('## Templates\n\nTemplates are versioned descriptions of infrastructure. They live in git.\n');
    expect(glossary).toEqual([
      { term: 'template', aliases: ['templates'], definition: 'Templates are versioned descriptions of infrastructure.' },
    ]);
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
    const glossary = glossaryOf(
      '## Reset\n\nThe platform emails you a one-time passcode (OTP).\n',
      '## Codes\n\n**OTP**: A code valid for ten minutes.\n',
    );
    expect(glossary).toEqual([{ term: 'one-time passcode', aliases: ['OTP'], definition: 'A code valid for ten minutes.' }]);
  });

  it('reads "**Term**: A definition" list items, and colon items that are not definitions are left out', () => {
    const glossary = glossaryOf(
      '## Roles\n\n- **Owner**: The user with full control of the installation.\n- **Linux**: download the binary.\n- **Note**: A reminder.\n',
    );
    expect(glossary.map((entry) => entry.term)).toEqual(['owner']);
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

  it('adds an entry for an acronym spelled out anywhere, with a plain definition', () => {
    const glossary = glossaryOf('## Lifetimes\n\nEach record has its time to live (TTL) in seconds.\n');
    expect(glossary).toEqual([{ term: 'time to live', aliases: ['TTL'], definition: 'TTL is short for time to live.' }]);
  });

  it('sorts entries by term and clips definitions', () => {
    const long = `A **zebra** is a ${'very '.repeat(80)}striped animal.`;
    const glossary = glossaryOf(`## Z\n\n${long}\n`, '## A\n\nAn **aardvark** is an animal that eats ants.\n');
    expect(glossary.map((entry) => entry.term)).toEqual(['aardvark', 'zebra']);
    expect(glossary[1]?.definition.length).toBeLessThanOrEqual(MAX_DEFINITION);
  });
});
