import type { OptionSpec, OptionSpecs } from '../command-spec.ts';

/** `--content DIR`: no built-in default, the config's `content` else none (a command that needs it says so). */
export const CONTENT = { type: 'string', value: 'DIR', configKey: 'content', help: 'the folder of Markdown pages' } as const satisfies OptionSpec;

/** The options of the commands that read a content folder as a site: which generator, its url style, what to leave out. */
export const SITE_OPTIONS = {
  generator: { type: 'string', default: 'auto', value: 'G', configKey: 'generator', help: 'the site generator: auto (detected from its config), plain, vitepress, docusaurus, starlight, mkdocs, nextra, mintlify, hugo' },
  exclude: { type: 'string', multiple: true, value: 'GLOB', configKey: 'exclude', otherwise: 'none', help: 'leave out the files this glob matches (content-relative; repeatable; the flags replace the config\'s list)' },
  'trailing-slash': { type: 'boolean', configKey: 'trailingSlash', otherwise: "the generator's or its config's choice", help: "page urls end in '/'" },
  'html-extension': { type: 'boolean', configKey: 'htmlExtension', otherwise: "the generator's choice", help: "page urls end in '.html'" },
} as const satisfies OptionSpecs;

/** Where a read command reads from: a served ask tree or a local digest. */
export const SOURCE_OPTIONS = {
  endpoint: { type: 'string', value: 'URL', help: 'the full URL of a served ask tree, e.g. https://docs.example.com/api/ask' },
  digest: { type: 'string', value: 'DIR', configKey: 'out', otherwise: 'digest', conflicts: 'endpoint', help: 'a local digest folder' },
  json: { type: 'boolean', default: false, help: 'print the answer as JSON' },
} as const satisfies OptionSpecs;
