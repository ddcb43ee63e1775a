/**
 * The two folders the Astro integration reads, as the user names them (relative to the project
 * root): the integration's options, else the nearest `ask.config.json` from the project root (its
 * `content` and `out`), else `digest` for the digest and no content folder.
 */
import { loadConfig } from '../../cli/config-file.ts';

export interface IntegrationFolders {
  /** Null: neither the option nor a config file names one. */
  readonly content: string | null;
  readonly digest: string;
}

export async function integrationFolders(root: string, options: { readonly content?: string | undefined; readonly digest?: string | undefined }): Promise<IntegrationFolders> {
  const config = options.content !== undefined && options.digest !== undefined ? null : await loadConfig(root);
  return { content: options.content ?? config?.values.content ?? null, digest: options.digest ?? config?.values.out ?? 'digest' };
}
