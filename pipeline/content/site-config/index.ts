export { readConfigModule, type ConfigModule, type LiteralValue } from './literal-values.ts';
export { readSiteConfig } from './read-config.ts';
export { findSiteConfig, generatorOfConfig, type FoundConfig } from './find-config.ts';
export { frontmatterData, readSidebarData, type SidebarData, type FolderData } from './folder-data.ts';
export { siteNavigation, folderLabel, type NavigationGroup, type NavigationInput } from './navigation.ts';
export { resolveIdentity, homePageOf, DEFAULT_SITE_NAME, type ResolvedIdentity, type HomeFacts } from './identity.ts';
export { NO_CONFIG, type SiteConfig, type SiteIdentity, type SidebarEntry } from './types.ts';
