import type { CorpusInput, DigestNode, Page, Section } from '../../pipeline/types.ts';

export const page: Page = {
  file: 'guide/server.md',
  format: 'md',
  slug: 'guide/server',
  url: '/guide/server',
  title: 'Running the server',
  description: 'How to start and configure the development server.',
  group: 'guide',
  kind: 'guide',
};

function section(anchor: string, heading: string, source: string): Section {
  return {
    id: `guide/server#${anchor}`,
    pageSlug: 'guide/server',
    anchor,
    title: page.title,
    heading,
    depth: 2,
    group: 'guide',
    url: `/guide/server#${anchor}`,
    format: 'md',
    markup: null,
    source,
    text: source.split('\n').slice(1).join('\n'),
    hash: `hash-${anchor}`,
  };
}

export const portSection = section(
  'change-the-port',
  'Change the port',
  '## Change the port\n\nThe server listens on port 4321 by default. Pass `--port 0` to pick a free port,\nor set `PORT` in the environment.\n',
);
export const proxySection = section(
  'behind-a-proxy',
  'Behind a proxy',
  '## Behind a proxy\n\nSet `PLATFORM_URL` to forward platform calls. The upstream is called the platform.\n',
);

function node(s: Section, summary: string, terms: string[]): DigestNode {
  return {
    id: s.id,
    kind: 'section',
    title: s.title,
    heading: s.heading,
    group: s.group,
    url: s.url,
    summary,
    facts: [],
    sources: [{ chunkId: s.id, url: s.url, anchor: s.anchor }],
    mode: 'agent-primary',
    terms,
    markdown: s.source,
  };
}

export const corpus: CorpusInput = {
  pages: [page],
  sections: [portSection, proxySection],
  nodes: [
    node(portSection, 'How to change the port the server listens on.', ['port', 'listen address']),
    node(proxySection, 'How to forward platform calls to an upstream.', ['proxy', 'upstream']),
  ],
};

/** A good section answer: two verbatim facts. */
export const goodSectionAnswer = {
  summary: 'Explains how to change the port the server listens on.',
  facts: [
    { kind: 'default', literal: 'port 4321 by default' },
    { kind: 'code', literal: '--port 0' },
  ],
  terms: ['change port', 'Port', 'port', 'listen address', '  env var  '],
  mode: 'agent-primary',
};
