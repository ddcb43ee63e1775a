/**
 * A generator config file read as data, never run: the site's name and description and the
 * sidebar it lists, per generator:
 *
 * - VitePress `.vitepress/config.*`: `title`, `description`, `themeConfig.sidebar`;
 * - Docusaurus `docusaurus.config.*`: `title`, `tagline`, `trailingSlash` (`true`/`false`);
 * - Starlight `astro.config.*`: the `starlight({...})` call's `title` (a string, or per locale:
 *   `en`, else the first), `description`, `sidebar`; Astro's own `trailingSlash` (`'always'`,
 *   `'never'`; `'ignore'` leaves the generator's style);
 * - MkDocs `mkdocs.yml`: `site_name`, `site_description`, `nav`;
 * - Mintlify `docs.json` / `mint.json`: `name`, `description`, `navigation`;
 * - Hugo `hugo.*` / `config.*` (TOML, YAML or JSON): `title`, `params.description`;
 * - Nextra `theme.config.*`: `title`, else the literal text of `logo`; `description`.
 */
import { parse as parseToml } from 'smol-toml';
import { parseDocument } from 'yaml';
import type { GeneratorName } from '../generators/types.ts';
import { mintlifyNavigation, mkdocsNav, starlightSidebar, vitepressSidebar } from './config-sidebar.ts';
import { isRecord, readConfigModule, stringAt, type LiteralValue } from './literal-values.ts';
import { NO_CONFIG, type SiteConfig, type SiteIdentity } from './types.ts';

function identity(name: string | undefined, description: string | undefined): SiteIdentity {
  return { ...(name === undefined ? {} : { name }), ...(description === undefined ? {} : { description }) };
}

/** A data file (JSON, YAML or TOML, by extension) as a value; undefined when it does not parse. */
export function readDataFile(fileName: string, text: string): LiteralValue | undefined {
  try {
    if (/\.json$/i.test(fileName)) return JSON.parse(text) as LiteralValue;
    if (/\.ya?ml$/i.test(fileName)) return parseDocument(text, { logLevel: 'silent', uniqueKeys: false }).toJS() as LiteralValue;
    if (/\.toml$/i.test(fileName)) return parseToml(text) as LiteralValue;
  } catch {
    return undefined;
  }
  return undefined;
}

/** A config's value: data files parsed, modules read for their default export. */
export function configValue(fileName: string, text: string): LiteralValue | undefined {
  if (/\.(?:json|ya?ml|toml)$/i.test(fileName)) return readDataFile(fileName, text);
  return readConfigModule(fileName, text)?.defaultExport;
}

/** A title given per locale (`{ en: 'Docs', fr: 'Docs' }`): English, else the first. */
function localized(value: LiteralValue | undefined): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (!isRecord(value)) return undefined;
  return stringAt(value, 'en') ?? Object.values(value).find((text): text is string => typeof text === 'string' && text.trim() !== '')?.trim();
}

/** A `trailingSlash` setting as a url style: Docusaurus's boolean, Astro's `'always'`/`'never'`; undefined for anything else (`'ignore'`, unset). */
function trailingSlashOf(config: LiteralValue | undefined): { readonly trailingSlash?: boolean } {
  const value = isRecord(config) ? config['trailingSlash'] : undefined;
  if (value === true || value === 'always') return { trailingSlash: true };
  if (value === false || value === 'never') return { trailingSlash: false };
  return {};
}

function starlightConfig(fileName: string, text: string): SiteConfig {
  const module = readConfigModule(fileName, text);
  const options = module?.argumentOf('starlight');
  if (!isRecord(options)) return NO_CONFIG;
  return {
    identity: identity(localized(options['title']), localized(options['description'])),
    sidebar: starlightSidebar(options['sidebar']),
    ...trailingSlashOf(module?.defaultExport),
  };
}

function vitepressConfig(config: LiteralValue | undefined): SiteConfig {
  // a site with one locale may state its title only under `locales.root`
  const root = isRecord(config) && isRecord(config['locales']) ? config['locales']['root'] : undefined;
  const themeConfig = isRecord(config) ? config['themeConfig'] : undefined;
  return {
    identity: identity(stringAt(config, 'title') ?? stringAt(root, 'title'), stringAt(config, 'description') ?? stringAt(root, 'description')),
    sidebar: vitepressSidebar(isRecord(themeConfig) ? themeConfig['sidebar'] : undefined),
  };
}

function nextraConfig(config: LiteralValue | undefined): SiteConfig {
  const logo = isRecord(config) ? config['logo'] : undefined;
  return { identity: identity(stringAt(config, 'title') ?? (typeof logo === 'string' && logo.trim() !== '' ? logo.trim() : undefined), stringAt(config, 'description')), sidebar: null };
}

/**
 * What the config file `fileName` (its name decides how it is read) of a `generator` site
 * states. A file that cannot be read as its kind states nothing (`NO_CONFIG`).
 */
export function readSiteConfig(generator: GeneratorName, fileName: string, text: string): SiteConfig {
  if (generator === 'starlight') return starlightConfig(fileName, text);
  const config = configValue(fileName, text);
  switch (generator) {
    case 'vitepress':
      return vitepressConfig(config);
    case 'docusaurus':
      return { identity: identity(stringAt(config, 'title'), stringAt(config, 'tagline')), sidebar: null, ...trailingSlashOf(config) };
    case 'mkdocs':
      return { identity: identity(stringAt(config, 'site_name'), stringAt(config, 'site_description')), sidebar: mkdocsNav(isRecord(config) ? config['nav'] : undefined) };
    case 'mintlify':
      return { identity: identity(stringAt(config, 'name'), stringAt(config, 'description')), sidebar: mintlifyNavigation(isRecord(config) ? config['navigation'] : undefined) };
    case 'hugo':
      return { identity: identity(stringAt(config, 'title'), stringAt(isRecord(config) ? config['params'] : undefined, 'description')), sidebar: null };
    case 'nextra':
      return nextraConfig(config);
    case 'plain':
      return NO_CONFIG;
  }
}
