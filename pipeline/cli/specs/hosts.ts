import { defineCommand } from '../command-spec.ts';

export const SERVE = defineCommand({
  name: 'serve',
  summary: 'serve the handler on Node (with --content, the preview docs site)',
  about:
    'Node server around the handler; with `--content` also the demo docs site (each page at its url, headings with the digest\'s anchors, the search box in the header); `/ask-search.js` and `/ask-search.css`; `--port 0` picks a free port; first stdout line `listening on http://HOST:PORT`; stops cleanly on SIGTERM',
  options: {
    digest: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest folder to serve' },
    content: { type: 'string', value: 'DIR', configKey: 'content', otherwise: 'none: no preview site', help: 'the content folder: the preview site, and search over it when there is no digest' },
    host: { type: 'string', default: '127.0.0.1', value: 'H', help: 'the address to listen on' },
    port: { type: 'string', value: 'N', help: 'the port (default: PORT, else 4321; 0 picks a free one)' },
    endpoint: { type: 'string', default: '/api/ask', value: 'PATH', help: 'where the ask tree is mounted' },
    'platform-url': { type: 'string', value: 'URL', help: "the workspace platform's management API to proxy (default: PLATFORM_URL)" },
    'agent-debug-url': { type: 'string', value: 'URL', help: "the agent's debug server to proxy (default: AGENT_DEBUG_URL)" },
  },
});

export const MCP = defineCommand({
  name: 'mcp',
  summary: 'an MCP server on stdio over a digest, local or mirrored',
  about:
    "MCP server on stdio: tools `search` (results carry section ids; optional `budget`), `section` (summary, facts and the section's Markdown text; optional `budget`), `sections` (optional `group`, `budget`), `glossary`, `overview`, and `ask` (the grounded answer with its sources) when a provider key is set; every page as the resource `ask://pages/<slug>`; every result carries the digest's content hash and build commit (last line and `_meta`). With `--endpoint` it mirrors the archive into the cache (default `~/.cache/ask/<endpoint hash>`), sending only a HEAD while `x-ask-content-hash` matches; archives with entries outside the tree, links or devices are refused, the download is streamed to disk and refused past 256 MiB sent or 1 GiB unpacked (a decompression bomb stops there), and a redirect to another origin is refused",
  options: {
    endpoint: { type: 'string', value: 'URL', help: 'the full URL of a served ask tree to mirror' },
    digest: { type: 'string', value: 'DIR', configKey: 'out', otherwise: 'digest', conflicts: 'endpoint', help: 'a local digest folder' },
    cache: { type: 'string', value: 'DIR', help: 'where the mirror is kept (default: ~/.cache/ask/<endpoint hash>)' },
  },
});

export const PLATFORM_SERVE = defineCommand({
  name: 'platform serve',
  summary: 'the embedded reference platform',
  about: 'the embedded reference platform (`docs/platform.md`), its state in PGlite at `--data` (in memory when omitted)',
  options: {
    host: { type: 'string', default: '127.0.0.1', value: 'H', help: 'the address to listen on' },
    port: { type: 'string', value: 'N', help: 'the port (default: 4322; 0 picks a free one)' },
    data: { type: 'string', value: 'DIR', help: 'the data folder (created 0700; default: in memory)' },
    'trusted-proxy': { type: 'string', value: 'ADDR,...', help: "the proxies whose client address header is believed (default: PLATFORM_TRUSTED_PROXIES)" },
  },
});

export const WORKER_BUILD = defineCommand({
  name: 'worker build',
  summary: 'a module worker and the digest as static assets (or R2 files)',
  about:
    'bundles the handler into one ES module worker, `<out>/worker.js` (default `worker/`), with no `node:` import, for workerd and Cloudflare Workers, under 1 MB gzip at any site size; lays the digest out beside it as static assets, `<out>/assets/` (section nodes and pages packed into files of 256 KB, the section table cut into parts of 128 KB, the archive the digest build wrote), or with `--r2 BUCKET` as the same files in `<out>/r2/` for upload to that bucket; writes `<out>/wrangler.jsonc` naming them (binding ASSETS, or ASK_DIGEST for the bucket); prints the script\'s size raw and gzipped, then the files written',
  options: {
    digest: { type: 'string', default: 'digest', value: 'DIR', configKey: 'out', help: 'the digest folder to deploy' },
    out: { type: 'string', default: 'worker', value: 'DIR', help: 'where worker.js, the digest files and wrangler.jsonc are written' },
    endpoint: { type: 'string', value: 'PATH', help: 'where the ask tree is mounted (default: /api/ask)' },
    r2: { type: 'string', value: 'BUCKET', help: 'lay the digest out for this R2 bucket instead of static assets' },
    json: { type: 'boolean', default: false, help: 'print the files and their sizes as one JSON object' },
  },
});
