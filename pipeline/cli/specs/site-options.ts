import type { OptionSpecs } from '../command-spec.ts';

/** The options of the commands that read a content folder as a site: which generator, its url style, what to leave out. */
export const SITE_OPTIONS = {
  generator: { type: 'string', default: 'auto', value: 'G', help: 'the site generator: auto (detected from its config), plain, vitepress, docusaurus, starlight, mkdocs, nextra, mintlify, hugo' },
  exclude: { type: 'string', multiple: true, value: 'GLOB', help: 'leave out the files this glob matches (content-relative; repeatable)' },
  'trailing-slash': { type: 'boolean', help: "page urls end in '/' (default: the generator's or its config's choice)" },
  'html-extension': { type: 'boolean', help: "page urls end in '.html' (default: the generator's choice)" },
} as const satisfies OptionSpecs;

/** Where a read command reads from: a served ask tree or a local digest. */
export const SOURCE_OPTIONS = {
  endpoint: { type: 'string', value: 'URL', help: 'the full URL of a served ask tree, e.g. https://docs.example.com/api/ask' },
  digest: { type: 'string', value: 'DIR', help: 'a local digest folder (default: digest)' },
  json: { type: 'boolean', default: false, help: 'print the answer as JSON' },
} as const satisfies OptionSpecs;
