import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { parseManifest } from '../../pipeline/format/manifest.ts';
import { loadSearchIndex, searchKeyword } from '../../pipeline/search/index.ts';
import { PAGE_KIND_PRIORS } from '../../pipeline/search/page-priors.ts';
import { build, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

/** A guide, a blog post saying the same, a changelog, and a tutorial about writing a blog (a guide). */
const SITE = {
  'guide/webhooks.md': '# Webhooks\n\nSvc retries a failed webhook delivery five times, backing off each time.\n\n## Signing\n\nEvery delivery carries a signature header.\n',
  'blog/retries.md': '---\ntitle: Smarter webhook retries\ndate: 2024-05-01\nauthors: [ana]\n---\n\nSvc now retries a failed webhook delivery five times, backing off each time.\n',
  'changelog.md': '# Changelog\n\n## 2.1.0\n\nWebhook deliveries are retried five times when they fail.\n',
  'tutorials/blog/start.md': '# Start a blog\n\nWrite posts in the blog folder and publish them with the site.\n',
};

async function builtSite(): Promise<{ readonly out: string; readonly tree: ReadonlyMap<string, string> }> {
  const { dir } = await freshFolder();
  const content = path.join(dir, 'content');
  await writeFiles(content, SITE);
  const out = path.join(dir, 'digest');
  await build(content, out);
  return { out, tree: await snapshotTree(out) };
}

describe('page kinds in the digest', () => {
  it('records each page that is not a guide, and the prior of its kind, in the manifest', async () => {
    const { tree } = await builtSite();
    const manifest = parseManifest(tree.get(DIGEST_FILES.manifest) ?? '', 'manifest');
    expect(manifest.pageKinds).toEqual({
      pages: { 'blog/retries': 'blog', changelog: 'changelog' },
      priors: { blog: PAGE_KIND_PRIORS.blog, changelog: PAGE_KIND_PRIORS.changelog },
    });
  });

  it('lists the blog post and the changelog under ## Optional in llms.txt, and the tutorial about blogs with the guides', async () => {
    const { tree } = await builtSite();
    const llms = tree.get(DIGEST_FILES.llms) ?? '';
    const optional = llms.slice(llms.indexOf('## Optional'));
    expect(llms).toContain('## Optional');
    expect(optional).toContain('(/blog/retries.md)');
    expect(optional).toContain('(/changelog.md)');
    expect(optional).not.toContain('tutorials/blog/start');
    expect(llms.slice(0, llms.indexOf('## Optional'))).toContain('(/tutorials/blog/start.md)');
  });

  it('ranks the guide above the post and the changelog that repeat it', async () => {
    const { out } = await builtSite();
    const index = await loadSearchIndex(out);
    const urls = searchKeyword(index, 'failed webhook delivery retries').map((result) => result.url);
    expect(urls[0]).toBe('/guide/webhooks');
    expect(urls).toContain('/blog/retries');
  });
});
