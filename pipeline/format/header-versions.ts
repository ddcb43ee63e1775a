import { topLevelValues } from './json-fields.ts';

/** The versions a search header was written with (undefined when absent). */
export interface HeaderVersions {
  readonly schema: unknown;
  readonly tokenizer: unknown;
}

/**
 * The `schema` and `tokenizer` of a search header (`search/index.json`) without parsing its
 * tables. Its keys are sorted, so the versions are not at the head of the file: they are found by
 * key (`topLevelValues`). Null when the text is not a JSON object that can be walked to its end.
 */
export function searchHeaderVersions(text: string): HeaderVersions | null {
  const values = topLevelValues(text, ['schema', 'tokenizer']);
  return values === null ? null : { schema: values.get('schema'), tokenizer: values.get('tokenizer') };
}
