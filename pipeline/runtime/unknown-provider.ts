import { MODEL_PROVIDERS } from '../model/defaults.ts';
import type { UnknownProvider } from '../model/resolve.ts';
import { printable } from '../text/printable.ts';
import type { LoopConfig } from './provider-config.ts';

/** The longest provider name quoted in the log: a misspelling is short, anything longer is cut. */
const SHOWN_NAME = 40;

/** The one log line for a provider name the handler cannot use. */
function unknownProviderLine({ unknown, setting }: UnknownProvider): string {
  const name = printable(unknown.length > SHOWN_NAME ? `${unknown.slice(0, SHOWN_NAME)}…` : unknown);
  const where = setting === 'ASK_PROVIDER' ? 'ASK_PROVIDER' : 'the provider option';
  return `ask: ${where} '${name}' is not a provider (${MODEL_PROVIDERS.join(', ')}); answering with keyword results only`;
}

/** The warning an agentic request gets when the provider is unknown (no value of the server's settings in it). */
export const UNKNOWN_PROVIDER_WARNING = 'Agentic answers need a provider the server knows (its ASK_PROVIDER or provider option names none); answered in keyword mode.';

/**
 * Says in `log`, once per name and setting for the life of the handler, which provider it could
 * not use; the config passes through unchanged.
 */
export function unknownProviderNotice(log: (line: string) => void): (config: LoopConfig) => LoopConfig {
  const said = new Set<string>();
  return (config) => {
    const unknown = config.unknownProvider;
    if (unknown !== undefined) {
      const key = `${unknown.setting}\u0000${unknown.unknown}`;
      if (!said.has(key)) {
        said.add(key);
        log(unknownProviderLine(unknown));
      }
    }
    return config;
  };
}
