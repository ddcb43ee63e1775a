/** The module `digestAssetsPlugin` serves to the injected route (see digest-assets.ts). */
declare module 'virtual:ask-docs/settings' {
  const settings: {
    readonly endpoint: string;
    /** Astro's `base` without its trailing slash (`''` at the root). */
    readonly base: string;
    readonly provider: string | null;
    readonly model: string | null;
    /** The laid-out digest's folder under the site's static files (`_ask/<stamp>`); null when there was no digest. */
    readonly root: string | null;
  };
  /** The store the route reads the digest from on Node (`astro dev`, @astrojs/node); null where it reads through a binding or its origin. */
  export const local: import('../../runtime/storage/storage.ts').DigestStorage | null;
  export default settings;
}
