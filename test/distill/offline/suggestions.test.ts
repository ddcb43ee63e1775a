import { describe, expect, it } from 'vitest';
import { suggest } from '../../../pipeline/distill/offline/index.ts';
import { definitionQuestion, MIN, taskQuestion, TARGET } from '../../../pipeline/distill/offline/suggestions.ts';
import type { GlossaryEntry } from '../../../pipeline/types.ts';
import { makeCorpus, makePage } from './helpers.ts';

describe('question forms', () => {
  it('turns task headings into "How do I ...?"', () => {
    expect(taskQuestion('Generate a token')).toBe('How do I generate a token?');
    expect(taskQuestion('Set up single sign-on')).toBe('How do I set up single sign-on?');
    expect(taskQuestion('Use the CLI')).toBe('How do I use the CLI?');
    expect(taskQuestion('Install svc')).toBe('How do I install svc?');
  });

  it('leaves noun headings alone, and keeps headings that are questions', () => {
    expect(taskQuestion('Use cases')).toBeNull();
    expect(taskQuestion('Search ranking')).toBeNull();
    expect(taskQuestion('Tokens')).toBeNull();
    expect(taskQuestion('Install')).toBeNull();
    expect(taskQuestion('What happens when the key is missing?')).toBe('What happens when the key is missing?');
  });

  it('asks "What is a/an ...?" with the right article', () => {
    expect(definitionQuestion('workspace agent')).toBe('What is a workspace agent?');
    expect(definitionQuestion('access URL')).toBe('What is an access URL?');
    expect(definitionQuestion('one-time passcode')).toBe('What is a one-time passcode?');
    expect(definitionQuestion('MCP')).toBe('What is MCP?');
    expect(definitionQuestion('agent-primary')).toBe('What does agent-primary mean?');
  });
});

describe('suggestions', () => {
  const corpus = makeCorpus([
    {
      page: makePage('getting-started/install.md', { title: 'Install the platform' }),
      sources: ['Install the server.\n', '## Set the access URL\n\nThe access URL is the address users reach.\n', '## Start the server\n\nRun it.\n'],
    },
    {
      page: makePage('platform/tokens.md', { title: 'Tokens' }),
      sources: ['Tokens authenticate.\n', '## Generate a token\n\nA token is a workspace agent credential.\n', '## Revoke a token\n\nDelete it.\n', '### Rotate tokens regularly\n\nDo it.\n'],
    },
    {
      page: makePage('concepts/agents.md', { title: 'Workspace agents' }),
      sources: ['A workspace agent is a process.\n', '## Connect to an agent\n\nUse SSH.\n', '## Use cases\n\nMany.\n'],
    },
  ]);
  const glossary: GlossaryEntry[] = [
    { term: 'access URL', aliases: [], definition: 'The access URL is the address users reach.' },
    { term: 'workspace agent', aliases: ['workspace agents'], definition: 'A workspace agent is a process.' },
  ];

  it(`gives ${MIN}-${TARGET} questions: glossary terms and task headings, spread over groups`, () => {
    const questions = suggest(corpus, glossary).map((entry) => entry.question);
    expect(questions.length).toBeGreaterThanOrEqual(MIN);
    expect(questions.length).toBeLessThanOrEqual(TARGET);
    expect(questions).toContain('What is a workspace agent?');
    // the docs define it as "The access URL is ...": the question keeps their article
    expect(questions).toContain('What is the access URL?');
    expect(questions).toContain('How do I generate a token?');
    expect(questions).toContain('How do I connect to an agent?');
    expect(questions).toContain('How do I install the platform?');
    expect(questions).not.toContain('How do I use cases?');
    // The most mentioned term first, then tasks round-robin over concepts, getting-started, platform.
    expect(questions.slice(0, 3)).toEqual(['What is a workspace agent?', 'How do I connect to an agent?', 'How do I install the platform?']);
  });

  it('is deterministic and independent of the order of the glossary', () => {
    expect(suggest(corpus, [...glossary].reverse())).toEqual(suggest(corpus, glossary));
  });

  it('names the section each question asks about: where the term is defined, the heading, the page', () => {
    const sectionOf = new Map(suggest(corpus, glossary).map((entry) => [entry.question, entry.section]));
    // "A workspace agent is a process." is the intro of concepts/agents
    expect(sectionOf.get('What is a workspace agent?')).toBe('concepts/agents');
    expect(sectionOf.get('How do I generate a token?')).toBe('platform/tokens#generate-a-token');
    expect(sectionOf.get('How do I connect to an agent?')).toBe('concepts/agents#connect-to-an-agent');
    const ids = new Set(corpus.sections.map((section) => section.id));
    for (const section of sectionOf.values()) expect(section === null || ids.has(section)).toBe(true);
  });

  it('falls back to page questions when the docs have too few', () => {
    const small = makeCorpus([{ page: makePage('a.md', { title: 'Alpha' }), sources: ['Text.\n'] }]);
    expect(suggest(small, [])).toEqual([{ question: 'What does Alpha cover?', section: 'a' }]);
  });
});
