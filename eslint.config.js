// Type-aware lint (typescript-eslint's recommended type-checked rules), run by `npm test`.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// The floors (../shared/DESIGN.md "Layout and floors", docs/architecture.md): per-folder import rules,
// so an import that runs up the floors fails the lint. Specifiers are matched as written (relative).
const UP = String.raw`^(\.\./)+`;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NODE_BUILTINS = String.raw`^(node:|(${builtinModules.map(escape).join('|')})(/|$))`;
/** pipeline/ folders above format/ (floors 2-5). */
const ABOVE_FORMAT = ['content', 'search', 'model', 'platform-api', 'distill', 'digest', 'compile', 'runtime', 'proxy', 'client', 'adapters', 'mcp', 'cli'];

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
        { regex: `${UP}(${ABOVE_FORMAT.join('|')})(/|$)`, message: 'pipeline/format/ is floor 1: it imports only types.ts, text/, errors.ts, zod and itself.' },
      ] }],
    },
  },
  {
    files: ['pipeline/runtime/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: `${UP}(compile|content|distill)(/|$)`, message: 'pipeline/runtime/ serves a built digest: it never imports compile/, content/ or distill/ (read the digest through digest/ or format/).' },
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
