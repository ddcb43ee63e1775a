/**
 * Headings of the real corpora whose live anchors were checked by hand against the real
 * generator (how, per corpus, in the comment above its list). `file` is relative to the docs
 * folder; `heading` is the heading as the digest shows it.
 */
export interface CheckedAnchor {
  readonly file: string;
  readonly heading: string;
  readonly anchor: string;
}

export const CHECKED_ANCHORS: Readonly<Record<string, readonly CheckedAnchor[]>> = {
  // VitePress 2.0.0-alpha.19's createMarkdownRenderer over each file (1.6.4 gives the same ids):
  // its slugify (leading digit -> `_`, punctuation runs -> `-`), `<Badge>` left out, `{#id}` wins
  hono: [
    { file: 'getting-started/bun.md', heading: '1. Install Bun', anchor: '_1-install-bun' },
    { file: 'getting-started/bun.md', heading: '2.1. Setup a new project', anchor: '_2-1-setup-a-new-project' },
    { file: 'getting-started/nodejs.md', heading: '2. Hello World', anchor: '_2-hello-world' },
    { file: 'getting-started/nodejs.md', heading: 'Building & Deployment', anchor: 'building-deployment' },
    { file: 'api/context.md', heading: 'set() / get()', anchor: 'set-get' },
    { file: 'api/routing.md', heading: 'Routing with host Header value', anchor: 'routing-with-host-header-value' },
    { file: 'guides/best-practices.md', heading: "Don't make \"Controllers\" when possible", anchor: 'don-t-make-controllers-when-possible' },
    { file: 'guides/best-practices.md', heading: "Understanding Hono's HEAD Handling", anchor: 'understanding-hono-s-head-handling' },
    { file: 'guides/best-practices.md', heading: 'factory.createHandlers() in hono/factory', anchor: 'factory-createhandlers-in-hono-factory' },
    { file: 'guides/jsx.md', heading: 'Suspense', anchor: 'suspense' },
    { file: 'helpers/accepts.md', heading: 'supports: string[]', anchor: 'supports-string' },
    { file: 'helpers/websocket.md', heading: 'Node.js', anchor: 'node-js' },
  ],
  // as for hono; duplicate `Title` headings in order, the page's `# Badge` counting for `badge-1`
  vitepress: [
    { file: 'guide/markdown.md', heading: 'Emoji', anchor: 'emoji' },
    { file: 'guide/markdown.md', heading: 'GitHub-flavored Alerts', anchor: 'github-flavored-alerts' },
    { file: 'guide/markdown.md', heading: 'Including Code Files', anchor: 'including-code-files' },
    { file: 'guide/deploy.md', heading: 'Netlify / Vercel / Cloudflare Pages / AWS Amplify / Render', anchor: 'generic' },
    { file: 'guide/ssr-compat.md', heading: 'defineClientComponent', anchor: 'defineclientcomponent' },
    { file: 'reference/default-theme-badge.md', heading: 'Title', anchor: 'title' },
    { file: 'reference/default-theme-badge.md', heading: 'Title', anchor: 'title-1' },
    { file: 'reference/default-theme-badge.md', heading: 'Title custom element', anchor: 'title-custom-element' },
    { file: 'reference/default-theme-badge.md', heading: '<Badge>', anchor: 'badge-1' },
    { file: 'reference/default-theme-search.md', heading: 'i18n', anchor: 'local-search-i18n' },
    { file: 'reference/site-config.md', heading: 'Vite, Vue & Markdown Config', anchor: 'vite-vue-markdown-config' },
    { file: 'reference/site-config.md', heading: 'mpa', anchor: 'mpa' },
    { file: 'reference/runtime-api.md', heading: 'useData', anchor: 'usedata' },
    { file: 'reference/frontmatter-config.md', heading: 'hero', anchor: 'hero' },
  ],
  // a real Docusaurus 3.10.2 build of the folder: github-slugger, `{#id}` custom ids, the
  // headings of imported `_partial.mdx` files slugged apart from their host page's
  pnpm: [
    { file: 'installation.md', heading: 'Using pnpm', anchor: 'pnpm-12-using-pnpm' },
    { file: 'installation.md', heading: 'Using npm', anchor: 'using-npm' },
    { file: 'installation.md', heading: 'Using npm', anchor: 'pnpm-12-using-npm' },
    { file: 'cli/add.md', heading: '--save-prod, -P, -p', anchor: '--save-prod--p--p' },
    { file: 'cli/add.md', heading: '--cpu=<name>', anchor: '--cpuname' },
    { file: 'catalogs.md', heading: 'The Catalog Protocol (catalog:)', anchor: 'the-catalog-protocol-catalog' },
    { file: 'catalogs.md', heading: 'catalogMode', anchor: 'catalogmode' },
    { file: 'cli/run.md', heading: '--recursive, -r', anchor: '--recursive--r' },
    { file: 'cli/run.md', heading: 'pnpm-workspace.yaml settings', anchor: 'pnpm-workspaceyaml-settings' },
    { file: 'cli/run.md', heading: 'enablePrePostScripts', anchor: 'enableprepostscripts' },
    { file: 'filtering.md', heading: '--filter "[<since>]"', anchor: '--filter-since' },
    { file: 'settings/node-modules.md', heading: 'nodeLinker', anchor: 'nodelinker' },
    { file: 'cli/install.md', heading: '--reporter=<name>', anchor: '--reportername' },
    { file: 'pnpmfile.md', heading: 'hooks.readPackage(pkg, context): pkg | Promise<pkg>', anchor: 'hooksreadpackagepkg-context-pkg--promisepkg' },
  ],
  // Python-Markdown 3.4.1 (Debian) with the live site's extensions: toc's default slugify, `_1`
  // duplicates, attr_list `{ #id }` winning; blog posts at their date and slug
  'mkdocs-material': [
    { file: 'setup/changing-the-colors.md', heading: 'System preference', anchor: 'system-preference' },
    { file: 'setup/extensions/python-markdown.md', heading: 'Table of Contents', anchor: 'table-of-contents' },
    { file: 'getting-started.md', heading: 'with pip recommended', anchor: 'with-pip' },
    { file: 'setup/setting-up-navigation.md', heading: 'Navigation path Breadcrumbs', anchor: 'navigation-path' },
    { file: 'conventions.md', heading: '– Version', anchor: 'version' },
    { file: 'conventions.md', heading: '– Markdown extension', anchor: 'extension' },
    { file: 'reference/icons-emojis.md', heading: 'Icons, emojis in sidebars', anchor: 'icons-emojis-in-sidebars' },
    { file: 'setup/extensions/python-markdown-extensions.md', heading: 'Caret, Mark & Tilde', anchor: 'caret-mark-tilde' },
    { file: 'upgrade.md', heading: 'Changes to mkdocs.yml', anchor: 'changes-to-mkdocsyml' },
    { file: 'upgrade.md', heading: 'Changes to mkdocs.yml', anchor: 'changes-to-mkdocsyml_1' },
    { file: 'upgrade.md', heading: 'Changes to *.html files', anchor: 'changes-to-html-files' },
    { file: 'changelog/index.md', heading: '9.7.6 March 19, 2026', anchor: '9.7.6' },
    { file: 'blog/posts/mkdocs-2.0.md', heading: "What's changing in MkDocs 2.0", anchor: 'whats-changing-in-mkdocs-20' },
    { file: 'contributing/reporting-a-bug.md', heading: 'Context optional', anchor: 'context' },
  ],
  // Astro 5's createMarkdownProcessor (@astrojs/markdown-remark, the heading ids Starlight pages
  // get: github-slugger per page, a trailing `-` stripped) run over each file's body
  knip: [
    { file: 'reference/cli.md', heading: '--workspace [filter]', anchor: '--workspace-filter' },
    { file: 'reference/cli.md', heading: '--config [file]', anchor: '--config-file' },
    { file: 'reference/cli.md', heading: '--include-entry-exports', anchor: '--include-entry-exports' },
    { file: 'reference/cli.md', heading: 'NO_COLOR', anchor: 'no_color' },
    { file: 'reference/faq.md', heading: 'Why shouldn’t I run knip --fix immediately?', anchor: 'why-shouldnt-i-run-knip---fix-immediately' },
    { file: 'reference/faq.md', heading: 'Why doesn’t Knip have…?', anchor: 'why-doesnt-knip-have' },
    { file: 'reference/faq.md', heading: 'What’s in the graph?', anchor: 'whats-in-the-graph' },
    { file: 'reference/configuration.md', heading: 'Project', anchor: 'project' },
    { file: 'reference/configuration.md', heading: 'project', anchor: 'project-1' },
    { file: 'reference/configuration.md', heading: 'compilers', anchor: 'compilers-1' },
    { file: 'reference/configuration.md', heading: 'ignoreDependencies', anchor: 'ignoredependencies' },
    { file: 'explanations/plugins.md', heading: 'Example: ESLint', anchor: 'example-eslint' },
  ],
  // @mintlify/common 1.0.1183's slugify (getUnicodeId, @sindresorhus/slugify with a counter per
  // page) and cleanHeadingId (the id the rendered page carries), run over each page's headings
  hoppscotch: [
    { file: 'support/code-of-conduct.mdx', heading: '1. Correction', anchor: '1-correction' },
    { file: 'guides/articles/self-host-hoppscotch-on-your-own-servers.mdx', heading: 'Installing dependencies, running migrations & building the image', anchor: 'installing-dependencies-running-migrations-&-building-the-image' },
    { file: 'guides/articles/self-host-hoppscotch-on-your-own-servers.mdx', heading: 'Pre-requisites', anchor: 'pre-requisites' },
    { file: 'documentation/self-host/enterprise-edition/prerequisites.mdx', heading: 'Node.js + npm', anchor: 'node-js-+-npm' },
    { file: 'documentation/self-host/enterprise-edition/prerequisites.mdx', heading: 'Email delivery (optional)', anchor: 'email-delivery-optional' },
    { file: 'documentation/self-host/enterprise-edition/prerequisites.mdx', heading: 'Install Node.js, npm, pnpm', anchor: 'install-node-js-npm-pnpm' },
    { file: 'documentation/self-host/enterprise-edition/observability.mdx', heading: 'What is Observability?', anchor: 'what-is-observability' },
    { file: 'documentation/self-host/enterprise-edition/user-provisioning.mdx', heading: '3. Configure SCIM in your Identity Provider (example: Okta)', anchor: '3-configure-scim-in-your-identity-provider-example-okta' },
    { file: 'support/getting-started/faq.mdx', heading: 'How-to', anchor: 'how-to' },
    { file: 'support/security-policy.mdx', heading: 'Self-hosted instances', anchor: 'self-hosted-instances' },
    { file: 'documentation/self-host/enterprise-edition/admin-dashboard.mdx', heading: 'Infra-tokens', anchor: 'infra-tokens' },
    { file: 'documentation/self-host/enterprise-edition/user-provisioning.mdx', heading: '1. Enable SCIM in Hoppscotch', anchor: '1-enable-scim-in-hoppscotch' },
  ],
};
