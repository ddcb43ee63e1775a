/** The section pass: one section's summary, facts, terms and mode from its syntax tree. */
import type { Root } from 'mdast';
import type { Page, Section, SectionDistillation } from '../../types.ts';
import { extractFacts } from './facts.ts';
import { modeOf } from './mode.ts';
import { bodyOf, leadingHeading, sectionTree } from './parse.ts';
import { summarize } from './summary.ts';
import { termsOf } from './terms.ts';

/**
 * Distils one section; pure and deterministic, never throws on Markdown it is given. `tree`: the
 * section's nodes as parsed with its page, when at hand (else it is parsed here).
 */
export function distillSectionOffline(section: Section, page: Page, tree?: Root | null): SectionDistillation {
  return distillSectionRoot(section, page, sectionTree(section, tree));
}

/** Distils one section from its tree (`sectionTree(section)`); the tree is only read. */
function distillSectionRoot(section: Section, page: Page, root: Root): SectionDistillation {
  const body = bodyOf(root);
  const heading = leadingHeading(root);
  const facts = extractFacts(section.source, heading ? [heading, ...body] : body);
  return {
    summary: summarize(body, section, page),
    facts,
    terms: termsOf(section.heading ?? section.title, section.title, body, facts),
    mode: modeOf(body),
  };
}
