import { describe, expect, it } from 'vitest';
import { distillSectionOffline, writeContextText } from '../../../pipeline/distill/offline/index.ts';
import { groupLabel } from '../../../pipeline/distill/offline/context.ts';
import { makeCorpus, makePage } from './helpers.ts';

const pages = [
  makePage('getting-started/install.md', { title: 'Install', description: 'Get the server running in one minute.' }),
  makePage('getting-started/first-login.md', { title: 'First login' }),
  makePage('platform/tokens.md', { title: 'Tokens' }),
  makePage('support.md', { title: 'Getting help' }),
];
const corpus = makeCorpus(
  [
    { page: pages[0]!, sources: ['Install the server binary.\n', '## Flags\n\n| Flag | Default |\n|---|---|\n| `--port` | `3000` |\n| `--host` | `0.0.0.0` |\n'] },
    { page: pages[1]!, sources: ['Sign in to the server with the owner account.\n'] },
    { page: pages[2]!, sources: ['Tokens authenticate requests to the server.\n', '## Rotation\n\nRotate tokens monthly.\n'] },
    { page: pages[3]!, sources: ['Ask in the forum.\n'] },
  ],
  (section) => {
    const page = pages.find((p) => p.slug === section.pageSlug) ?? pages[0]!;
    const { terms, mode, summary } = distillSectionOffline(section, page);
    return { terms, mode, summary };
  },
);

describe('context', () => {
  it('names the groups with their page counts, pages, descriptions and key terms', () => {
    const text = writeContextText(corpus, [{ term: 'session token', aliases: ['ST'], definition: 'A credential.' }]);
    expect(text).toContain('These docs have 4 pages and 6 sections, in 3 groups: Getting started (2), Platform (1) and Other pages (1).');
    expect(text).toContain('**Getting started** (2 pages): Install and First login. Install: Get the server running in one minute.');
    expect(text).toContain('**Platform** (1 page): Tokens.');
    expect(text).toContain('Key terms defined in the glossary: session token (ST).');
    expect(text).toContain('1 section of 6 is reference material');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('is deterministic', () => {
    expect(writeContextText(corpus, [])).toBe(writeContextText(corpus, []));
  });

  it('labels groups from their folder names', () => {
    expect(groupLabel('getting-started')).toBe('Getting started');
    expect(groupLabel(null)).toBe('Other pages');
  });
});
