/** The module `digestModulePlugin` serves to the injected route (see digest-module.ts). */
declare module 'virtual:ask-docs/digest' {
  const baked: {
    readonly endpoint: string;
    readonly provider: string | null;
    readonly model: string | null;
    /** The digest tree and its archive (BakedDigest); null when there was no digest folder. */
    readonly digest: import('../baked-digest.ts').BakedDigest | null;
  };
  export default baked;
}
