/**
 * The published site's url as its generator config states it, for the workflow's `--site-url`:
 *
 * - VitePress: `sitemap.hostname` (+ `base`);
 * - Docusaurus: `url` + `baseUrl`;
 * - Starlight (Astro): `site` (+ `base`);
 * - MkDocs: `site_url`;
 * - Hugo: `baseURL`.
 *
 * Mintlify's and Nextra's configs state none. Only an absolute http(s) url counts; it is given
 * without a trailing slash, as `--site-url` takes it.
 */
import type { GeneratorName } from '../content/generators/index.ts';
import { configValue } from '../content/site-config/read-config.ts';
import { stringAtPath } from './config-value.ts';

/** `https://docs.example.com` + `/guide/` -> `https://docs.example.com/guide`; null for anything but http(s). */
function absoluteUrl(origin: string, base: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const basePath = base === undefined || /^[a-z]+:/i.test(base) ? '' : base.replace(/^\/*/, '/');
  const joined = `${url.origin}${url.pathname.replace(/\/+$/, '')}${basePath}`;
  return joined.replace(/\/+$/, '');
}

/** The site url the config file states (see the module comment), or null. */
export function siteUrlOf(generator: GeneratorName, fileName: string, text: string): string | null {
  const config = configValue(fileName, text);
  const at = (...keys: string[]): string | undefined => stringAtPath(config, keys);
  let origin: string | undefined;
  let base: string | undefined;
  switch (generator) {
    case 'vitepress':
      [origin, base] = [at('sitemap', 'hostname'), at('base')];
      break;
    case 'docusaurus':
      [origin, base] = [at('url'), at('baseUrl')];
      break;
    case 'starlight':
      [origin, base] = [at('site'), at('base')];
      break;
    case 'mkdocs':
      origin = at('site_url');
      break;
    case 'hugo':
      origin = at('baseURL') ?? at('baseurl') ?? at('baseUrl');
      break;
    case 'mintlify':
    case 'nextra':
    case 'plain':
      break;
  }
  return origin === undefined ? null : absoluteUrl(origin, base);
}
