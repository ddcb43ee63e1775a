/** `import.meta` as Vite gives it to server code. */
type ViteImportMeta = ImportMeta & { readonly env: Readonly<Record<string, string | undefined>> };

/**
 * The variables the key lookup reads, from the environment the site was built with (last in
 * the spec's lookup order), as Astro hands them to server code: each `import.meta.env.NAME` is
 * replaced at build time, by the value in the project's `.env` files or by a read of the server
 * process's own variable. Every name is written out: Astro replaces only the ones it sees.
 */
export function buildEnvironment(): Readonly<Record<string, string | undefined>> {
  return {
    ANTHROPIC_API_KEY: (import.meta as ViteImportMeta).env.ANTHROPIC_API_KEY,
    OPENAI_API_KEY: (import.meta as ViteImportMeta).env.OPENAI_API_KEY,
    GEMINI_API_KEY: (import.meta as ViteImportMeta).env.GEMINI_API_KEY,
    ANTHROPIC_BASE_URL: (import.meta as ViteImportMeta).env.ANTHROPIC_BASE_URL,
    OPENAI_BASE_URL: (import.meta as ViteImportMeta).env.OPENAI_BASE_URL,
    GEMINI_BASE_URL: (import.meta as ViteImportMeta).env.GEMINI_BASE_URL,
    ASK_PROVIDER: (import.meta as ViteImportMeta).env.ASK_PROVIDER,
    ASK_MODEL: (import.meta as ViteImportMeta).env.ASK_MODEL,
    TELEMETRY_KEY: (import.meta as ViteImportMeta).env.TELEMETRY_KEY,
    TELEMETRY_API_KEY: (import.meta as ViteImportMeta).env.TELEMETRY_API_KEY,
    TELEMETRY_HOST: (import.meta as ViteImportMeta).env.TELEMETRY_HOST,
    TELEMETRY_CAPTURE_CONTENT: (import.meta as ViteImportMeta).env.TELEMETRY_CAPTURE_CONTENT,
  };
}
