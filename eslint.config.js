// Type-aware lint (typescript-eslint's recommended type-checked rules), run by `npm test`.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// The floors (../shared/DESIGN.md "Layout and floors", docs/architecture.md): per-folder import rules,
// so an import that runs up the floors fails the lint. Specifiers are matched as written (relative).
const UP = String.raw`^(\.\./)+`;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NODE_BUILTINS = String.raw`^(node:|(${builtinModules.map(escape).join('|')})(/|$))`;
/** pipeline/ folders by floor (docs/architecture.md): floor 1 is format/, markdown/ and disk/. */
const ENTRIES = ['proxy', 'client', 'adapters', 'mcp', 'cli', 'init'];
const FLOOR_4 = ['compile', 'runtime'];
const FLOOR_3 = ['distill', 'digest'];
const FLOOR_2 = ['content', 'search', 'model', 'platform-api'];
const ABOVE_FLOOR_3 = [...FLOOR_4, ...ENTRIES];
const ABOVE_FLOOR_2 = [...FLOOR_3, ...ABOVE_FLOOR_3];
const ABOVE_FLOOR_1 = [...FLOOR_2, ...ABOVE_FLOOR_2];
const ABOVE_FORMAT = ['disk', ...ABOVE_FLOOR_1];
/** A rule: `folders` imports none of `above` (matched as a relative specifier). */
const importsNoneOf = (above, message) => ({ regex: `${UP}(${above.join('|')})(/|$)`, message });

/** overlay/: nothing from pipeline/ but format/ (its types: the rule below) and the named `allowed` files. */
const overlayImports = (allowed = []) => ['error', { patterns: [
  { regex: `${UP}pipeline/(?!format/${allowed.map((file) => `|${escape(file)}$`).join('')})`, message: 'overlay/ runs in the browser: it imports nothing from pipeline/ but the types of pipeline/format/.' },
] }];

const floors = [
  {
    files: ['pipeline/format/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: NODE_BUILTINS, message: 'pipeline/format/ is floor 1: no node:* (no I/O); read the bytes above it and hand format the text.' },
        importsNoneOf(['markdown', ...ABOVE_FORMAT], 'pipeline/format/ is floor 1: it imports only types.ts, text/, errors.ts, zod and itself.'),
      ] }],
    },
  },
  {
    files: ['pipeline/markdown/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: NODE_BUILTINS, message: 'pipeline/markdown/ is floor 1: no node:* (no I/O); it parses and rewrites text.' },
        importsNoneOf(['format', ...ABOVE_FORMAT], 'pipeline/markdown/ is floor 1: it imports only types.ts, text/, errors.ts, the unified parser and itself.'),
      ] }],
    },
  },
  {
    files: ['pipeline/disk/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [importsNoneOf(ABOVE_FLOOR_1, 'pipeline/disk/ is floor 1 (the node:fs rules): it imports only floor 0, format/, markdown/ and node:*.')] }] },
  },
  {
    files: FLOOR_2.map((folder) => `pipeline/${folder}/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [importsNoneOf(ABOVE_FLOOR_2, 'floor 2 (content/, search/, model/, platform-api/) imports only floors 0-1: not distill/, digest/, compile/, runtime/ or an entry.')] }] },
  },
  {
    files: FLOOR_3.map((folder) => `pipeline/${folder}/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [importsNoneOf(ABOVE_FLOOR_3, 'floor 3 (distill/, digest/) imports only floors 0-2: not compile/, runtime/ or an entry.')] }] },
  },
  {
    files: ['pipeline/runtime/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        importsNoneOf(['compile', 'content', 'distill', ...ENTRIES], 'pipeline/runtime/ serves a built digest: it never imports compile/, content/ or distill/ (read the digest through digest/ or format/), nor an entry.'),
      ] }],
    },
  },
  {
    files: ['overlay/**'],
    rules: {
      'no-restricted-imports': overlayImports(),
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { regex: `${UP}pipeline/format/`, allowTypeImports: true, message: 'overlay/ imports only the types of pipeline/format/ (import type).' },
      ] }],
    },
  },
  // Exceptions, one by one: imports that break a floor today, allowed by name in the one file that makes them.
  // overlay/highlight.ts marks the words the engine matched, so it must stem and drop stopwords as the engine does.
  { files: ['overlay/highlight.ts'], rules: { 'no-restricted-imports': overlayImports(['search/stem.ts', 'search/stopwords.ts']) } },
  // overlay/bundle.ts runs in Node at build time (it bundles the overlay with esbuild); it never ships to the browser.
  { files: ['overlay/bundle.ts'], rules: { 'no-restricted-imports': overlayImports(['module-file.ts']) } },
  {
    files: ['platform/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: `${UP}pipeline/(?!platform-api/index\\.ts$)`, message: 'platform/ is a second product: from pipeline/ it imports only pipeline/platform-api/index.ts.' },
      ] }],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'digest/', 'content-fixtures/', 'bench-results/', 'docs/', 'dist/', '.test-work/', 'worker/', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  ...floors,
);
