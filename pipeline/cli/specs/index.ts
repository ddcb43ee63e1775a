/** Every command's declaration, in the order `ask --help` and the README list them. */
import type { CommandSpec } from '../command-spec.ts';
import { DIGEST_BUILD, DIGEST_CHECK, DIGEST_DIFF, EVAL, INDEX_BUILD, INIT } from './digest.ts';
import { MCP, PLATFORM_SERVE, SERVE, WORKER_BUILD } from './hosts.ts';
import { GLOSSARY, OVERVIEW, SEARCH, SECTION, SECTIONS } from './read.ts';

export { DIGEST_BUILD, DIGEST_CHECK, DIGEST_DIFF, EVAL, INDEX_BUILD, INIT, MCP, PLATFORM_SERVE, SERVE, WORKER_BUILD, GLOSSARY, OVERVIEW, SEARCH, SECTION, SECTIONS };

export const COMMAND_SPECS: readonly CommandSpec[] = [INIT, DIGEST_BUILD, DIGEST_CHECK, DIGEST_DIFF, EVAL, INDEX_BUILD, SERVE, SEARCH, GLOSSARY, SECTIONS, SECTION, OVERVIEW, MCP, WORKER_BUILD, PLATFORM_SERVE];
