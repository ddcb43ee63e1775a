/** The binding names the generated wrangler config gives the edge worker's store. */
export const ASSETS_BINDING = 'ASSETS';
export const R2_BINDING = 'ASK_DIGEST';

/** The compatibility date the worker is built and tested for. */
const COMPATIBILITY_DATE = '2024-09-23';

/**
 * `wrangler.jsonc` for the edge worker: `main` the script, and either the static assets folder
 * (binding ASSETS, the worker run first so the digest files are read only through it) or an R2
 * bucket (binding ASK_DIGEST).
 */
export function wranglerConfig(script: string, store: { readonly assets: string } | { readonly r2: string }): string {
  const config = {
    name: 'ask',
    main: script,
    compatibility_date: COMPATIBILITY_DATE,
    ...('assets' in store
      ? { assets: { directory: store.assets, binding: ASSETS_BINDING, run_worker_first: true } }
      : { r2_buckets: [{ binding: R2_BINDING, bucket_name: store.r2 }] }),
  };
  const comment = 'assets' in store
    ? '// written by `ask worker build`: deploy with `npx wrangler deploy` (the digest goes up as static assets)\n'
    : `// written by \`ask worker build --r2\`: upload the files of r2/ to the bucket under their paths, then \`npx wrangler deploy\`\n`;
  return `${comment}${JSON.stringify(config, null, 2)}\n`;
}
