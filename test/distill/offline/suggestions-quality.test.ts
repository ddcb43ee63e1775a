/**
 * Suggested questions read like a reader's questions: grammatical, about real things of the
 * docs, never from change logs, 404 or licence pages or generic headings, never with markup.
 */
import { describe, expect, it } from 'vitest';
import { suggest } from '../../../pipeline/distill/offline/index.ts';
import { definitionQuestion, taskQuestion } from '../../../pipeline/distill/offline/suggestions.ts';
import { NO_USAGE, type Usage } from '../../../pipeline/distill/offline/usage.ts';
import type { GlossaryEntry } from '../../../pipeline/types.ts';
import { makeCorpus, makePage } from './helpers.ts';

function usageFrom(table: Record<string, Partial<Usage>>): (phrase: string) => Usage {
  return (phrase) => ({ ...NO_USAGE, ...table[phrase.toLowerCase()] });
}

describe('task questions', () => {
  it('turns -ing headings into tasks, "your" into "my", and undoes Title Case the docs do not use', () => {
    const usage = usageFrom({ site: { lower: 12 }, cache: { lower: 9 }, the: { lower: 50 } });
    expect(taskQuestion('Deploying your site')).toBe('How do I deploy my site?');
    expect(taskQuestion('Setting up navigation')).toBe('How do I set up navigation?');
    expect(taskQuestion('Deploy Your Site', usage)).toBe('How do I deploy my site?');
    expect(taskQuestion('Set Up The Cache', usage)).toBe('How do I set up the cache?');
  });

  it('leaves out headings with markup, generic headings and labels that are no task', () => {
    expect(taskQuestion('open | Config')).toBeNull();
    expect(taskQuestion('get <key>')).toBeNull();
    expect(taskQuestion('Use `run()`')).toBeNull();
    expect(taskQuestion("What's next?")).toBeNull();
    expect(taskQuestion('Next steps')).toBeNull();
    expect(taskQuestion('Secure Headers Middleware')).toBeNull();
    expect(taskQuestion('Using with Vite')).toBeNull();
    expect(taskQuestion('Building & shipping')).toBeNull();
    expect(taskQuestion('Turn it on')).toBeNull();
    expect(taskQuestion('Search our issue tracker')).toBeNull();
  });

  it('leaves out a verb before a bare singular that the docs use with "a" ("Edit Link"), keeps names and mass nouns', () => {
    const usage = usageFrom({ link: { lower: 20, afterA: 4 }, file: { lower: 30, afterA: 6 }, data: { lower: 8 }, zephyrine: { capitalised: 5 } });
    expect(taskQuestion('Edit Link', usage)).toBeNull();
    expect(taskQuestion('Generate file', usage)).toBeNull();
    expect(taskQuestion('Serve binary data', usage)).toBe('How do I serve binary data?');
    expect(taskQuestion('Install Zephyrine', usage)).toBe('How do I install Zephyrine?');
    expect(taskQuestion('Edit the link', usage)).toBe('How do I edit the link?');
  });

  it('reads one word after an -ing form as the object only when it is a name, a plural or a participle', () => {
    const usage = usageFrom({ started: { lower: 5 }, helper: { lower: 18, afterA: 1 }, homebrew: { capitalised: 3 }, time: { lower: 30, afterThe: 4 } });
    expect(taskQuestion('Getting Started', usage)).toBe('How do I get started?');
    expect(taskQuestion('Using Homebrew', usage)).toBe('How do I use Homebrew?');
    expect(taskQuestion('Using plugins', usage)).toBe('How do I use plugins?');
    expect(taskQuestion('Streaming Helper', usage)).toBeNull();
    expect(taskQuestion('Reading time', usage)).toBeNull();
  });

  it('asks a question heading as written, its first question only, in sentence case', () => {
    const usage = usageFrom({ about: { lower: 40 } });
    expect(taskQuestion('What About Plugins? Why not themes?', usage)).toBe('What about Plugins?');
  });
});

describe('definition questions', () => {
  it('puts no article before a name or a term the docs define bare, and keeps the article they use', () => {
    expect(definitionQuestion('Zephyrine', 'Zephyrine is a build runner.')).toBe('What is Zephyrine?');
    expect(definitionQuestion('zq', 'zq stands for zephyr query.')).toBe('What is zq?');
    expect(definitionQuestion('external cache', 'External cache is the store outside the runner.')).toBe('What is external cache?');
    expect(definitionQuestion('lane', 'A lane is a parallel track.')).toBe('What is a lane?');
    expect(definitionQuestion('sidebar', 'The sidebar is the main navigation.')).toBe('What is the sidebar?');
    expect(definitionQuestion('step', 'Steps are commands the runner schedules.')).toBe('What are steps?');
    expect(definitionQuestion('fetch', 'fetch is a method.', ['fetch()'])).toBe('What does fetch() do?');
  });

  it('asks about a spelled-out term by its acronym, with "a"/"an" only when the docs use the acronym with one', () => {
    const usage = usageFrom({ ci: { capitalised: 6 }, sbom: { capitalised: 5, afterA: 3 } });
    expect(definitionQuestion('continuous integration', 'CI is short for continuous integration.', ['CI'], usage)).toBe('What is CI?');
    expect(definitionQuestion('software bill of materials', 'SBOM is short for software bill of materials.', ['SBOM'], usage)).toBe('What is an SBOM?');
  });

  it('asks "are" about a plural term, "do" about a function, "the" before a compound the docs only use with it', () => {
    const usage = usageFrom({ 'project root': { lower: 4, afterThe: 3 } });
    expect(definitionQuestion('options', 'The options of the build.')).toBe('What are options?');
    expect(definitionQuestion('pre-run scripts', 'Scripts run before each build.')).toBe('What are pre-run scripts?');
    expect(definitionQuestion('toArchive', 'toArchive is the function that packs a site.')).toBe('What does toArchive do?');
    expect(definitionQuestion('project root', 'The folder where the config lives.', [], usage)).toBe('What is the project root?');
    expect(definitionQuestion('news', 'News is what changed.')).toBe('What is news?');
  });
});

describe('suggestions over a corpus', () => {
  const corpus = makeCorpus([
    { page: makePage('changelog.md', { title: 'Changelog' }), sources: ['All notable changes.\n', '## Add retry support\n\nAdded retries.\n', "## What's new?\n\nMuch.\n"] },
    { page: makePage('404.md', { title: 'Page not found' }), sources: ['Nothing here.\n', '## Return to the home page\n\nClick the logo.\n'] },
    { page: makePage('license.md', { title: 'License' }), sources: ['MIT.\n', '## Use the software\n\nFreely.\n'] },
    { page: makePage('blog/posts/launch.md', { title: 'Launch' }), sources: ['We launched.\n', '## Try the beta\n\nSign up.\n'] },
    {
      page: makePage('guide/start.md', { title: 'Getting started' }),
      sources: [
        'Zephyrine is a build runner. Teams use Zephyrine for large repositories.\n',
        '## Install Zephyrine\n\nRun the installer.\n',
        "## What's next?\n\nRead on.\n",
        '## Next steps\n\nRead the guides.\n',
        '## Overview\n\nA tour.\n',
      ],
    },
    {
      page: makePage('guide/config.md', { title: 'Configure the runner' }),
      sources: [
        'Settings live in a file. Open a link to see more.\n',
        '## Edit Link\n\nThe page shows a link to its source.\n',
        '## open | Config\n\nOpens it.\n',
        '## get <key>\n\nPrints a key.\n',
        '## Deploying your site\n\nPush to main.\n',
        '## Set Up The Cache\n\nThe cache keeps outputs.\n',
      ],
    },
    { page: makePage('concepts/steps.md', { title: 'Steps' }), sources: ['Steps are commands the runner schedules on an executor. Every step has a name.\n'] },
  ]);
  const glossary: GlossaryEntry[] = [
    { term: 'Zephyrine', aliases: [], definition: 'Zephyrine is a build runner.' },
    { term: 'step', aliases: ['steps'], definition: 'Steps are commands the runner schedules on an executor.' },
  ];
  const questions = suggest(corpus, glossary).map((entry) => entry.question);

  it('asks about the things of the docs, grammatically', () => {
    expect(questions).toContain('What is Zephyrine?');
    expect(questions).toContain('What are steps?');
    expect(questions).toContain('How do I install Zephyrine?');
    expect(questions).toContain('How do I deploy my site?');
    expect(questions).toContain('How do I set up the cache?');
    expect(questions).toContain('How do I configure the runner?');
    for (const question of questions) {
      expect(question).toMatch(/^(?:What|How|Why|Which|When|Where|Who|Can|Do|Does|Is|Are|Should) [^?]*\?$/);
      expect(question).not.toMatch(/\s{2}|[|<>{}[\]`*_#]/);
      expect(question).not.toMatch(/\b(?:a|an) [A-Z]/);
    }
  });

  it('never asks about change logs, release notes, licences, the 404 page, blog posts or generic headings', () => {
    const text = questions.join('\n');
    expect(text).not.toMatch(/retry support|home page|the software|beta|changelog|license|not found/i);
    expect(text).not.toMatch(/what's new|what's next|next steps|overview/i);
    expect(questions).not.toContain('How do I edit link?');
    expect(questions).not.toContain('How do I edit Link?');
  });

  it('falls back to page questions only for pages readers ask about', () => {
    const small = makeCorpus([
      { page: makePage('changelog.md', { title: 'Changelog' }), sources: ['Changes.\n'] },
      { page: makePage('overview.md', { title: 'Overview' }), sources: ['A tour.\n'] },
      { page: makePage('alpha.md', { title: 'Alpha' }), sources: ['Text.\n'] },
    ]);
    expect(suggest(small, []).map((entry) => entry.question)).toEqual(['What does Alpha cover?']);
  });

  it('is deterministic', () => {
    expect(suggest(corpus, [...glossary].reverse()).map((entry) => entry.question)).toEqual(questions);
  });
});
