import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sourceLinkPolicy, webUrl, type LinkPolicy } from '../../overlay/links.ts';
import { parseMarkdown } from '../../overlay/markdown.ts';
import { escapeHtml, treeHtml } from './markdown-html.ts';

const BASE = 'http://docs.test/guide/start';
const SOURCES = ['/concepts/workspaces#members', 'http://docs.test/reference/cli', 'https://other.example/page#a'];

/** A renderer under `policy`, its tree written as HTML (markdown-html.ts) to assert on. */
function markdownRenderer(policy: LinkPolicy): (markdown: string) => string {
  return (markdown) => treeHtml(parseMarkdown(markdown, (href) => (policy(href) ? href : undefined)));
}
const render = markdownRenderer(sourceLinkPolicy(SOURCES, BASE));

/** The tag names of every element in rendered HTML. */
function tags(html: string): string[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => (m[1] ?? '').toLowerCase());
}

describe('the link policy of answer Markdown', () => {
  it('keeps a link whose target is a source', () => {
    expect(render('See [members](/concepts/workspaces#members).')).toContain('<a href="/concepts/workspaces#members">members</a>');
  });

  it('compares targets once resolved: an absolute link to a relative source, and the reverse, stay links', () => {
    expect(render('[a](http://docs.test/concepts/workspaces#members)')).toContain('<a href="http://docs.test/concepts/workspaces#members">a</a>');
    expect(render('[b](/reference/cli)')).toContain('<a href="/reference/cli">b</a>');
  });

  it('renders a link to a page that is not a source as its text only', () => {
    const html = render('Read [the admin guide](/admin/guide) or [that](https://evil.example/x).');
    expect(html).not.toContain('<a');
    expect(html).toContain('the admin guide');
    expect(html).toContain('that');
  });

  it('treats another anchor of a source page as another target', () => {
    expect(render('[x](/concepts/workspaces#owners)')).not.toContain('<a');
  });

  it('never links javascript: or data: targets, even listed as sources', () => {
    const policy = sourceLinkPolicy(['javascript:alert(1)', 'data:text/html,hi'], BASE);
    const html = markdownRenderer(policy)('[run](javascript:alert(1)) [d](data:text/html,hi) [t](  JaVaScRiPt:alert(1))');
    expect(html).not.toContain('<a');
    expect(policy('javascript:alert(1)')).toBe(false);
  });

  it('renders autolinks, bare urls and reference links that are not sources as text', () => {
    const html = render('<https://evil.example> and https://bare.example and [ref][r]\n\n[r]: https://evil.example/ref');
    expect(html).not.toContain('<a');
    expect(html).toContain('https://bare.example');
  });

  it('links a bare url that is a source', () => {
    expect(render('see https://other.example/page#a')).toContain('<a href="https://other.example/page#a">');
  });
});

describe('raw HTML and images in answer Markdown', () => {
  it('shows raw inline and block HTML as text', () => {
    const html = render('hi <img src=x onerror="globalThis.pwned=1"> <a href="/concepts/workspaces#members">raw</a>\n\n<div onclick="x()">block</div>\n');
    expect(tags(html)).toEqual(['p', 'p']);
    expect(html).toContain('&lt;img src=x onerror=&quot;globalThis.pwned=1&quot;&gt;');
    expect(html).toContain('&lt;div onclick=&quot;x()&quot;&gt;');
  });

  it('shows an image as its alt text, loading nothing', () => {
    const html = render('![a diagram](https://tracker.example/p.png)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('a diagram');
  });

  it('escapes a code fence language that tries to close its attribute', () => {
    const html = render('```js"><script>alert(1)</script>\nx\n```');
    expect(tags(html)).toEqual(['pre', 'code']);
  });

  it('renders ordinary Markdown as it grows, a half-written link as text', () => {
    expect(render('**Workspaces** hold `members`:\n\n- one\n- two')).toBe('<p><strong>Workspaces</strong> hold <code>members</code>:</p><ul><li>one</li><li>two</li></ul>');
    expect(render('see [members](/concepts/works')).not.toContain('<a');
  });

  it('never emits an element outside Markdown output, an event handler or a link off the sources, whatever the text', () => {
    const allowed = new Set(['p', 'em', 'strong', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'del', 'input', 'a']);
    const pieces = fc.constantFrom('<', '>', '"', "'", '[', ']', '(', ')', '!', '*', '`', '#', '-', '|', ' ', '\n', 'a', 'img', 'script', 'onerror=', 'javascript:', 'href=', '/x', 'https://evil.example', '/concepts/workspaces#members', '&lt;', '\\', '<a href="', '</a>');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const html = render(parts.join(''));
        for (const tag of tags(html)) expect(allowed.has(tag), tag).toBe(true);
        for (const open of html.matchAll(/<[a-z][^>]*>/g)) expect(open[0]).not.toMatch(/\son\w*=/i);
        for (const link of html.matchAll(/<a href="([^"]*)"/g)) expect(['/concepts/workspaces#members', 'https://other.example/page#a']).toContain(link[1]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('what answers use, as a tree of elements and text', () => {
  it('headings, emphasis, strikethrough, code spans and breaks', () => {
    expect(render('## Set *up* __now__ ***both*** ~~old~~ a_b_c')).toBe('<h2>Set <em>up</em> <strong>now</strong> <em><strong>both</strong></em> <del>old</del> a_b_c</h2>');
    expect(render('Title\n===\n\nSub\n---\ntext')).toBe('<h1>Title</h1><h2>Sub</h2><p>text</p>');
    expect(render('`a `` b` and ``x`y``')).toBe('<p><code>a `` b</code> and <code>x`y</code></p>');
    expect(render('one  \ntwo\\\nthree\nfour')).toBe('<p>one<br>two<br>three\nfour</p>');
    expect(render('\\*not em\\* &amp; &#65; &lt;b&gt;')).toBe('<p>*not em* &amp; A &lt;b&gt;</p>');
  });

  it('nested, ordered, tight and loose lists', () => {
    expect(render('- a\n- b\n  - c\n  - d\n- e')).toBe('<ul><li>a</li><li>b<ul><li>c</li><li>d</li></ul></li><li>e</li></ul>');
    expect(render('3. x\n4. y')).toBe('<ol start="3"><li>x</li><li>y</li></ol>');
    expect(render('- a\n\n- b')).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
    expect(render('- item\n\n  more\n- next')).toBe('<ul><li><p>item</p><p>more</p></li><li><p>next</p></li></ul>');
    expect(render('text\n- list')).toBe('<p>text</p><ul><li>list</li></ul>');
    expect(render('1) x\n2) y\n- z')).toBe('<ol><li>x</li><li>y</li></ol><ul><li>z</li></ul>');
  });

  it('block quotes, thematic breaks, fenced code and tables', () => {
    expect(render('> quote\ncontinued\n> - item\n\nafter')).toBe('<blockquote><p>quote\ncontinued</p><ul><li>item</li></ul></blockquote><p>after</p>');
    expect(render('a\n\n***\n\nb')).toBe('<p>a</p><hr><p>b</p>');
    expect(render('~~~sh\nnpx ask <cmd> **not bold**\n~~~')).toBe('<pre><code>npx ask &lt;cmd&gt; **not bold**\n</code></pre>');
    expect(render('| a | *b* |\n|---|:-:|\n| 1 | x \\| y |\n| 2 |')).toBe(
      '<table><thead><tr><th>a</th><th><em>b</em></th></tr></thead><tbody><tr><td>1</td><td>x | y</td></tr><tr><td>2</td><td></td></tr></tbody></table>',
    );
  });

  it('renders each prefix of a streaming answer, an open fence running to the end', () => {
    const answer = 'Use **`ask serve`**:\n\n```sh\nask serve --port 0\n```\n\n1. build\n2. [serve](/concepts/workspaces#members)';
    for (let end = 0; end <= answer.length; end += 1) expect(() => render(answer.slice(0, end))).not.toThrow();
    expect(render('```sh\nask serve')).toBe('<pre><code>ask serve\n</code></pre>');
    expect(render('**open')).toBe('<p>**open</p>');
    expect(render(answer)).toBe(
      '<p>Use <strong><code>ask serve</code></strong>:</p><pre><code>ask serve --port 0\n</code></pre><ol><li>build</li><li><a href="/concepts/workspaces#members">serve</a></li></ol>',
    );
  });

  it('shows a kept link at the target the caller gives (a preview’s own origin)', () => {
    const tree = parseMarkdown('[m](https://docs.example.com/a#b) [n](/no)', (href) => (href.startsWith('https://docs.example.com/') ? `http://localhost:4321${href.slice(24)}` : undefined));
    expect(treeHtml(tree)).toBe('<p><a href="http://localhost:4321/a#b">m</a> n</p>');
  });
});

describe('webUrl and escapeHtml', () => {
  it('resolves http(s) addresses and refuses other schemes', () => {
    expect(webUrl('/a#b', BASE)).toBe('http://docs.test/a#b');
    expect(webUrl('mailto:x@y.z', BASE)).toBeUndefined();
    expect(webUrl('http://[bad', BASE)).toBeUndefined();
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
