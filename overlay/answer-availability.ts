/**
 * Whether an endpoint answers an Ask, as far as the element knows, kept for the browsing session
 * (sessionStorage, per endpoint address) so that the Ask row says it before it is chosen on every
 * page. Learnt from the `x-ask-answers` header of `GET {endpoint}` when the server sends it, else
 * from the first Ask's reply (spec §4 rule 3: keyword JSON with a `warning` when the server has
 * no provider key); a reply that streams an answer forgets it.
 */

/** The Ask row's note when the server says it has no key, before any Ask gave its own warning. */
export const NO_KEY_NOTE = 'Answers need a provider API key on the server; asking shows keyword results.';

const PREFIX = 'ask-search:no-answers:';

function storageKey(endpoint: string): string {
  return PREFIX + new URL(endpoint, document.baseURI).href;
}

/** The warning the endpoint gave the last Ask of this session, when it answered in keyword mode. */
export function knownWarning(endpoint: string): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(endpoint)) ?? undefined;
  } catch {
    // storage refused (privacy settings): nothing known
    return undefined;
  }
}

/** Keeps (or, with no warning, forgets) what the endpoint's reply to an Ask said. */
export function rememberWarning(endpoint: string, warning: string | undefined): void {
  try {
    if (warning === undefined) sessionStorage.removeItem(storageKey(endpoint));
    else sessionStorage.setItem(storageKey(endpoint), warning);
  } catch {
    // storage refused: the note is shown on this panel only
  }
}
