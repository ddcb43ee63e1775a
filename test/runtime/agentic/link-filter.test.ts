import fc from 'fast-check';
import type { Link, Definition, Image } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createLinkFilter, createLinkPolicy } from '../../../pipeline/runtime/agentic/index.ts';

const SOURCES = ['/guide/server#change-the-port', '/guide/proxy'];
const Z = '\u200B';
const allowed = createLinkPolicy(SOURCES);

function filterWhole(text: string): string {
  const filter = createLinkFilter(allowed);
  return filter.push(text) + filter.flush();
}

function filterSplit(text: string, cuts: readonly number[]): string {
  const filter = createLinkFilter(allowed);
  let out = '';
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    out += filter.push(text.slice(from, cut));
    from = cut;
  }
  return out + filter.push(text.slice(from)) + filter.flush();
}

/** Every link target a CommonMark + GFM renderer would produce from `markdown`. */
function renderedTargets(markdown: string): string[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const targets: string[] = [];
  const visit = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') targets.push((node as Link | Image | Definition).url);
    for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] });
  };
  visit(tree);
  return targets;
}

describe('the link filter', () => {
  it.each([
    ['keeps a link to a source', 'See [port](/guide/server#change-the-port).', 'See [port](/guide/server#change-the-port).'],
    ['turns a link elsewhere into its text', 'See [the docs](https://evil.example/x "t") now', `See ${Z}the docs${Z} now`],
    ['turns an image elsewhere into its alt text', '![logo](https://evil.example/a.png)', `${Z}logo${Z}`],
    ['filters a link inside an allowed link text', '[![b](https://evil.example/b.svg)](/guide/proxy)', `[${Z}b${Z}](/guide/proxy)`],
    ['turns an autolink elsewhere into text', 'Mail <me@evil.example> or <https://evil.example>', `Mail mailto${Z}:me${Z}@evil.example or https${Z}://evil.example`],
    ['keeps a bare url or address elsewhere from being linked', 'Go to https://evil.example/x). Or www.evil.example, me@evil.example', `Go to https${Z}://evil.example/x). Or www${Z}.evil.example, me${Z}@evil.example`],
    ['defuses a reference definition elsewhere, keeps one to a source', '[x][r]\n\n[r]: https://evil.example\n> [q]: <https://evil.example>\n[s]: /guide/proxy\n', `\\[x]\\[r]\n\n\\[r]: https${Z}://evil.example\n> \\[q]: https${Z}://evil.example\n[s]: /guide/proxy\n`],
    ['removes a raw anchor elsewhere, keeping its text', 'a <a href="https://evil.example">b</a> c <a href="/guide/proxy">d</a>', `a ${Z}b${Z} c <a href="/guide/proxy">d</a>`],
    ['leaves code spans alone', 'Write `[x](https://evil.example)` as is', 'Write `[x](https://evil.example)` as is'],
    ['reads an escaped backtick after a url as text, not as a code span (found by the property below)', 'www.\\`http://evil.example/p`', `www${Z}.\\\`http${Z}://evil.example/p\\\``],
    ['escapes a run of backticks that closes nothing on its line, so no renderer pairs it with a later line (found by the property below)', 'x```\n```https://evil.example/x```', 'x\\`\\`\\`\n```https://evil.example/x```'],
    ['leaves fenced code alone', '```md\n[x](https://evil.example)\n```\n[y](https://evil.example)', `\`\`\`md\n[x](https://evil.example)\n\`\`\`\n${Z}y${Z}`],
    ['leaves fenced code in a list item alone', '1. Run:\n   ```sh\n   curl https://evil.example\n   ```\n2. [y](https://evil.example)', `1. Run:\n   \`\`\`sh\n   curl https://evil.example\n   \`\`\`\n2. ${Z}y${Z}`],
    ['stops trusting a fence that may have ended with its list item', '- a\n  ```\n[x](https://evil.example)\n```\n[y](https://evil.example)', `- a\n  \`\`\`\n${Z}x${Z}\n\`\`\`\n${Z}y${Z}`],
    ['escapes brackets and angles that open nothing', 'an [aside], a < b and \\[x](y)', 'an \\[aside], a \\< b and \\[x](y)'],
    ['matches a source by its address, not its spelling', '[a](/guide/proxy/) [b](https://docs.example/guide/proxy)', `[a](/guide/proxy/) ${Z}b${Z}`],
  ])('%s', (_name, input, expected) => {
    expect(filterWhole(input)).toBe(expected);
  });

  it('matches absolute links to the site when the origin is known', () => {
    const policy = createLinkPolicy(SOURCES, 'https://docs.example');
    expect(policy('https://docs.example/guide/proxy')).toBe(true);
    expect(policy('https://evil.example/guide/proxy')).toBe(false);
    expect(policy('//evil.example/guide/proxy')).toBe(false);
    expect(policy('guide/proxy')).toBe(false);
  });

  it('holds back a partial link until it is decided', () => {
    const filter = createLinkFilter(allowed);
    expect(filter.push('See [the gu')).toBe('See ');
    expect(filter.push('ide](https://evil.exa')).toBe('');
    expect(filter.push('mple) and more')).toBe(`${Z}the guide${Z} and more`);
    expect(filter.flush()).toBe('');
  });

  it('gives up holding after HOLD_LIMIT characters', () => {
    const long = `[${'a'.repeat(3000)}`;
    const filter = createLinkFilter(allowed);
    expect(filter.push(long).length).toBeGreaterThan(0);
    expect(filter.flush()).toBe('');
  });

  const pieces = fc.constantFrom(
    '[', ']', '(', ')', '!', '<', '>', '`', '```', '\n', '\n\n', ' ', '\t', '|', '#', '^', '&', '"', "'", '1. ', '<!--', '-->', 'text', 'h', 'www.', 'https://', 'http://evil.example/p', '> ', '- ', '    ', ']:', '*', '_',
    '/guide/proxy', '/guide/server#change-the-port', 'https://evil.example/x', '[a](', '](', '"t"', '\\', '~~~', 'a@b.example', '<a href="', '</a>', ':',
  );
  const markdown = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

  it('gives the same output however the input is split into deltas', () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        expect(filterSplit(text, cuts.map((c) => c % (text.length + 1)))).toBe(filterWhole(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets a link to anything outside the sources reach a renderer', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        for (const target of renderedTargets(filterWhole(text))) expect(allowed(target) || target === '').toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
