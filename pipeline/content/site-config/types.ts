/** What a generator's config states about the site: its name and description, and its sidebar where the config lists one. */

/** The site's name and description as a config (or the command line) states them; absent when not stated. */
export interface SiteIdentity {
  readonly name?: string;
  readonly description?: string;
}

/**
 * One entry of a sidebar as the generator's data lists it: a page (a reference as the config
 * writes it: a path, a slug or a url path, matched against the pages by `pageRefKeys`), a group
 * with a label and its entries, or a folder whose pages the generator lists itself (Starlight's
 * `autogenerate`).
 */
export type SidebarEntry =
  | { readonly page: string }
  | { readonly label: string; readonly entries: readonly SidebarEntry[] }
  | { readonly folder: string };

/** What a config file yields. */
export interface SiteConfig {
  readonly identity: SiteIdentity;
  /** The sidebar the config lists, in order; null when it lists none (the sidebar comes from the files). */
  readonly sidebar: readonly SidebarEntry[] | null;
  /** The url style the config sets (Astro's and Docusaurus's `trailingSlash`), over the generator's own; absent when unset. */
  readonly trailingSlash?: boolean;
}

export const NO_CONFIG: SiteConfig = { identity: {}, sidebar: null };
