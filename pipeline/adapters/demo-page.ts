/** The plain page `ask serve` shows at `/`: what is mounted where. */
export function demoPage(endpoint: string, platform: boolean): string {
  const rows = [
    ['GET', endpoint, 'suggested questions and the loop model'],
    ['POST', endpoint, 'keyword results (JSON) or the agentic answer (SSE)'],
    ['GET', `${endpoint}/glossary`, 'glossary entries'],
    ['GET', `${endpoint}/sections`, 'section summaries (?group=)'],
    ['GET', `${endpoint}/overview`, 'table of contents and orientation'],
    ['GET', `${endpoint}/archive`, 'the digest tree as .tar.gz'],
    ['GET', '/openapi.yaml', 'the OpenAPI 3.1 contract'],
    ...(platform ? [['*', '/api/v2/…', 'the workspace platform, through the guarded proxy']] : []),
  ];
  const body = rows.map(([method, path, what]) => `<tr><td>${method}</td><td><code>${path}</code></td><td>${what}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>ask</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}td{padding:.2rem .8rem .2rem 0}code{font-size:.95em}</style>
</head>
<body>
<h1>ask</h1>
<p>This server answers questions about its documentation from a committed digest.</p>
<table>${body}</table>
</body>
</html>
`;
}
