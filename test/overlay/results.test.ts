import { describe, expect, it } from 'vitest';
import { navigationFor } from '../../overlay/navigate.ts';
import { groupResults, pageOf } from '../../overlay/results.ts';

describe('groupResults', () => {
  it('groups results by page in the order of each page’s best result, keeping the rank inside a page', () => {
    const groups = groupResults([
      { title: 'Workspaces', heading: 'Members', url: '/concepts/workspaces#members', snippet: 'a' },
      { title: 'CLI', heading: 'login', url: '/reference/cli#login', snippet: 'b' },
      { title: 'Workspaces', heading: 'Owners', url: '/concepts/workspaces#owners', snippet: 'c' },
      { title: 'Workspaces', url: '/concepts/workspaces', snippet: 'd' },
    ]);
    expect(groups.map((group) => [group.title, group.results.map((result) => result.snippet)])).toEqual([
      ['Workspaces', ['a', 'c', 'd']],
      ['CLI', ['b']],
    ]);
    expect(groups[0]?.page).toBe('/concepts/workspaces');
  });

  it('pageOf drops only the fragment', () => {
    expect(pageOf('/a/b?x=1#c')).toBe('/a/b?x=1');
    expect(pageOf('/a')).toBe('/a');
  });
});

describe('navigationFor', () => {
  const here = 'http://docs.test/concepts/workspaces#intro';

  it('changes only the hash for a deep link into the page being read', () => {
    expect(navigationFor('/concepts/workspaces#members', here)).toEqual({ kind: 'hash', hash: '#members' });
    expect(navigationFor('#owners', here)).toEqual({ kind: 'hash', hash: '#owners' });
  });

  it('loads another page, or the same page with another query string', () => {
    expect(navigationFor('/reference/cli#login', here)).toEqual({ kind: 'assign', href: 'http://docs.test/reference/cli#login' });
    expect(navigationFor('/concepts/workspaces?v=2#members', here)).toEqual({ kind: 'assign', href: 'http://docs.test/concepts/workspaces?v=2#members' });
    expect(navigationFor('https://other.example/concepts/workspaces#members', here).kind).toBe('assign');
  });

  it('loads the page when the link has no fragment', () => {
    expect(navigationFor('/concepts/workspaces', here)).toEqual({ kind: 'assign', href: 'http://docs.test/concepts/workspaces' });
  });
});
