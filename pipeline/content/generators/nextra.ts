import { plain } from './plain.ts';
import type { Generator } from './types.ts';

/** Placeholder until this generator's conventions are written: the plain model under its name. */
export const nextra: Generator = { ...plain, name: 'nextra' };
