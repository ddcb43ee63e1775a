/**
 * What readers see of the site as a whole: its name and description (`resolveIdentity`) and its
 * pages grouped and ordered as the live sidebar shows them (`siteNavigation`), read from the
 * generator's config and the sidebar data beside the pages. Used by llms.txt and the overview;
 * the demo site makes the same navigation from the manifest's site options.
 */
import { readContentBytes } from '../content/inside-folder.ts';
import type { GeneratorName } from '../content/generators/index.ts';
import {
  frontmatterData,
  homePageOf,
  readSidebarData,
  resolveIdentity,
  siteNavigation,
  type NavigationGroup,
  type ResolvedIdentity,
  type LiteralValue,
  type SiteConfig,
} from '../content/site-config/index.ts';
import type { DigestNode, Page } from '../types.ts';
import { introSummary, orientationSummary } from './site-summary.ts';

export interface SiteView {
  readonly identity: ResolvedIdentity;
  readonly navigation: readonly NavigationGroup[];
}

export interface SiteViewInput {
  readonly contentDir: string;
  readonly generator: GeneratorName;
  /** The config as read, the command line's name and description over its own. */
  readonly config: SiteConfig;
  readonly pages: readonly Page[];
  /** The section nodes (the home page's intro text may be the description). */
  readonly nodes: readonly DigestNode[];
  /** The digest's context text (its first sentence is the description's last resort). */
  readonly context: string;
}

async function frontmatterOf(contentDir: string, page: Page): Promise<Readonly<Record<string, LiteralValue>>> {
  try {
    return frontmatterData((await readContentBytes(contentDir, page.file)).toString('utf8'));
  } catch {
    return {};
  }
}

/** The pages in navigation order, for one site: groups and pages as `siteNavigation` gives them. */
export async function readNavigation(contentDir: string, generator: GeneratorName, config: SiteConfig, pages: readonly Page[]): Promise<NavigationGroup[]> {
  const data = await readSidebarData(contentDir, generator, pages.map((page) => page.file));
  return siteNavigation({ pages, sidebar: config.sidebar, data });
}

/** Reads the site view (see the module comment). */
export async function readSiteView(input: SiteViewInput): Promise<SiteView> {
  const home = homePageOf(input.pages);
  const intro = home === null ? undefined : input.nodes.find((node) => node.id === home.slug);
  const homeFacts = home === null ? null : { page: home, frontmatter: await frontmatterOf(input.contentDir, home), intro: intro === undefined ? null : introSummary(intro.markdown) };
  return {
    identity: resolveIdentity(input.config.identity, homeFacts, orientationSummary(input.context)),
    navigation: await readNavigation(input.contentDir, input.generator, input.config, input.pages),
  };
}
