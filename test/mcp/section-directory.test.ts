import { describe, expect, it } from 'vitest';
import { sectionDirectoryOf } from '../../pipeline/mcp/section-directory.ts';
import { pageOfSection } from '../../pipeline/runtime/digest-data.ts';
import { pageUri } from '../../pipeline/mcp/page-resources.ts';
import type { SectionSummary } from '../../pipeline/types.ts';

const section = (id: string, title: string, heading: string | null, url: string, group: string | null = null): SectionSummary => ({ id, title, heading, group, url });

const SECTIONS = [
  section('index', 'Home', null, '/'),
  section('index#start', 'Home', 'Start', '/#start'),
  section('guide/tokens', 'Session tokens', null, '/guide/tokens', 'guide'),
  section('guide/tokens#revoke-a-token', 'Session tokens', 'Revoke a token', '/guide/tokens#revoke-a-token', 'guide'),
  // a page whose intro chunk is empty: its first section names it
  section('reference/flags#flags', 'Flags', 'Flags', '/reference/flags#flags', 'reference'),
];
const STAMP = { contentHash: 'hash', buildCommit: null };

describe('the section directory of a digest version', () => {
  it('finds a section id by the url a keyword result or an answer source gives', () => {
    const directory = sectionDirectoryOf(SECTIONS, STAMP);
    expect(directory.idOfUrl('/guide/tokens#revoke-a-token')).toBe('guide/tokens#revoke-a-token');
    expect(directory.idOfUrl('/')).toBe('index');
    expect(directory.idOfUrl('/nowhere')).toBeUndefined();
  });

  it('lists each page once, in corpus order, the home page as index, with the page url', () => {
    expect(sectionDirectoryOf(SECTIONS, STAMP).pages).toEqual([
      { slug: 'index', title: 'Home', url: '/', group: null },
      { slug: 'guide/tokens', title: 'Session tokens', url: '/guide/tokens', group: 'guide' },
      { slug: 'reference/flags', title: 'Flags', url: '/reference/flags', group: 'reference' },
    ]);
  });

  it('names a page by the part of a section id before #, and as the resource ask://pages/<slug>', () => {
    expect(pageOfSection('guide/tokens#revoke-a-token')).toBe('guide/tokens');
    expect(pageOfSection('index')).toBe('index');
    expect(pageUri('guide/tokens')).toBe('ask://pages/guide/tokens');
    expect(pageUri('guide/a b')).toBe('ask://pages/guide/a%20b');
  });
});
