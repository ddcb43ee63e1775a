import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDemoSite } from '../../pipeline/adapters/demo-site/index.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const DIGEST = path.resolve(import.meta.dirname, '..', '..', 'digest');
const tempFolder = tempFoldersPerTest();

async function get(site: ReturnType<typeof createDemoSite>, urlPath: string): Promise<Response> {
  const response = await site(new Request(`http://docs.test${urlPath}`));
  if (response === null) throw new Error(`no page at ${urlPath}`);
  return response;
}

describe('the demo site leaks nothing of its server (issue 23, item 10)', () => {
  it('shows a page that cannot be read without its absolute path, which only the log gets', async () => {
    const { dir } = await tempFolder({ 'content/index.md': '# Home\n\nWelcome.\n', 'content/guide/gone.md': '# Gone\n\nSoon removed.\n' });
    const lines: string[] = [];
    const site = createDemoSite({ contentDir: path.join(dir, 'content'), digestDir: DIGEST, endpoint: '/api/ask', log: (line) => lines.push(line) });
    expect((await get(site, '/')).status).toBe(200);
    await rm(path.join(dir, 'content', 'guide', 'gone.md'));
    const response = await get(site, '/guide/gone');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('guide/gone.md');
    expect(body).not.toContain(dir);
    expect(body).not.toMatch(/ENOENT|\/(?:tmp|home|work|var|Users)\//);
    expect(lines.join('\n')).toContain('guide/gone.md');
  });

  it('shows a content folder that cannot be read without its absolute path', async () => {
    const { dir } = await tempFolder({});
    const missing = path.join(dir, 'no-such-content');
    const site = createDemoSite({ contentDir: missing, digestDir: DIGEST, endpoint: '/api/ask', log: () => undefined });
    const response = await get(site, '/');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('cannot be shown');
    expect(body).not.toContain(dir);
  });

  it('sends a Content-Security-Policy with frame-ancestors, and a Referrer-Policy, on its pages and its error page', async () => {
    const { dir } = await tempFolder({ 'content/index.md': '# Home\n\nWelcome.\n' });
    const site = createDemoSite({ contentDir: path.join(dir, 'content'), digestDir: DIGEST, endpoint: '/api/ask', log: () => undefined });
    const broken = createDemoSite({ contentDir: path.join(dir, 'none'), digestDir: DIGEST, endpoint: '/api/ask', log: () => undefined });
    for (const response of [await get(site, '/'), await get(broken, '/')]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
