import { defineCommand } from '../command-spec.ts';
import { SOURCE_OPTIONS } from './site-options.ts';

const FROM = 'remote (`--endpoint URL` of the ask tree) or local (`--digest DIR`); `--json` for scripts';

export const SEARCH = defineCommand({
  name: 'search',
  summary: 'keyword search, remote or local, with the same scorer',
  about: `keyword search, the same scorer, ${FROM}; a folder holding only search tables (\`ask index build\` without a digest) is searched with the fallback scoring of spec rule 7`,
  positionals: 'QUERY',
  options: SOURCE_OPTIONS,
});

export const GLOSSARY = defineCommand({
  name: 'glossary',
  summary: "the glossary, or the entry a term names",
  about: `the glossary, or the one entry a term or alias names; ${FROM}`,
  positionals: '[TERM]',
  options: SOURCE_OPTIONS,
});

export const SECTIONS = defineCommand({
  name: 'sections',
  summary: 'section ids and titles, optionally of one group',
  about: `every section's id and title, or a group's; ${FROM}`,
  options: { ...SOURCE_OPTIONS, group: { type: 'string', value: 'G', help: 'only the sections of this group' } },
});

export const SECTION = defineCommand({
  name: 'section',
  summary: "one section's summary, facts and terms",
  about: `one section node: summary, facts and terms; ${FROM}`,
  positionals: 'ID',
  options: SOURCE_OPTIONS,
});

export const OVERVIEW = defineCommand({
  name: 'overview',
  summary: "the digest's overview and orientation text",
  about: `the overview (every group and page) and the orientation text; ${FROM}`,
  options: SOURCE_OPTIONS,
});
