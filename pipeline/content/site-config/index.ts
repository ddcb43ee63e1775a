export { readConfigModule, type LiteralValue } from './literal-values.ts';
export { readSiteConfig } from './read-config.ts';
export { findSiteConfig, generatorOfConfig } from './find-config.ts';
export { frontmatterData, readSidebarData, type SidebarData } from './folder-data.ts';
export { siteNavigation, type NavigationGroup } from './navigation.ts';
export { resolveIdentity, homePageOf, DEFAULT_SITE_NAME, type ResolvedIdentity } from './identity.ts';
export { NO_CONFIG, type SiteConfig, type SiteIdentity } from './types.ts';
