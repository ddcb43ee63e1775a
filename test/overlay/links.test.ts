import { describe, expect, it } from 'vitest';
import { previewUrl } from '../../overlay/links.ts';

const ORIGIN = 'http://localhost:4321';

describe('previewUrl (the site-url attribute)', () => {
  it('shows a url under the production address at the same path on the page’s origin', () => {
    expect(previewUrl('https://docs.example.com/guide/start#install', 'https://docs.example.com', ORIGIN)).toBe(`${ORIGIN}/guide/start#install`);
    expect(previewUrl('https://docs.example.com/guide?q=1', 'https://docs.example.com/', ORIGIN)).toBe(`${ORIGIN}/guide?q=1`);
    expect(previewUrl('https://docs.example.com', 'https://docs.example.com/', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(previewUrl('https://docs.example.com#top', 'https://docs.example.com', ORIGIN)).toBe(`${ORIGIN}/#top`);
  });

  it('keeps the path of a production address that has one', () => {
    expect(previewUrl('https://example.com/docs/guide', 'https://example.com/docs', ORIGIN)).toBe(`${ORIGIN}/guide`);
  });

  it('leaves other urls, look-alike hosts and every url without a site-url as they are', () => {
    expect(previewUrl('https://docs.example.com.evil.test/x', 'https://docs.example.com', ORIGIN)).toBe('https://docs.example.com.evil.test/x');
    expect(previewUrl('https://other.example/x', 'https://docs.example.com', ORIGIN)).toBe('https://other.example/x');
    expect(previewUrl('/guide/start', 'https://docs.example.com', ORIGIN)).toBe('/guide/start');
    expect(previewUrl('https://docs.example.com/x', null, ORIGIN)).toBe('https://docs.example.com/x');
    expect(previewUrl('https://docs.example.com/x', '  ', ORIGIN)).toBe('https://docs.example.com/x');
  });
});
