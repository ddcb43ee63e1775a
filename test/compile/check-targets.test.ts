import { describe, expect, it } from 'vitest';
import { checkTargets, type CheckTargets } from '../../pipeline/compile/check-targets.ts';
import { readPage } from '../../pipeline/content/page.ts';
import type { GeneratorName } from '../../pipeline/format/manifest.ts';

/** The targets of one page read as `generator` reads it (its sections, and its headings of every depth). */
function targetsOf(generator: GeneratorName, file: string, source: string): CheckTargets {
  const read = readPage(file, source, { siteUrl: 'https://docs.example.com', generator });
  if (read === null) throw new Error(`${file} is hidden`);
  return checkTargets([{ file: read.page.file, slug: read.page.slug, headings: read.headings }], read.sections, 'https://docs.example.com');
}

/** Each entry's section, as a record to compare at once. */
function resolved(targets: CheckTargets, entries: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(entries.map((entry) => [entry, targets.resolve(entry)]));
}

describe('check targets: an anchor of any heading depth names the section that holds it, by the generator\'s own ids', () => {
  it('plain (github-slugger): duplicates counted over every level, in a file entry, a url and a page id', () => {
    const page = [
      '# Configuration', '', 'Intro.', '',
      '## Options', '', 'Text.', '',
      '### Build', '',
      '#### processedDirs', '', 'Folders.', '',
      '#### Options', '',
      '##### Deep detail', '',
      '## Output', '',
      '#### processedDirs', '',
    ].join('\n');
    const targets = targetsOf('plain', 'reference/configuration.md', page);
    expect(resolved(targets, [
      'reference/configuration.md#options',
      'reference/configuration.md#processeddirs',
      'reference/configuration.md#options-1',
      'reference/configuration.md#deep-detail',
      'reference/configuration.md#processeddirs-1',
      'https://docs.example.com/reference/configuration#processeddirs-1',
      '/reference/configuration#deep-detail',
      'reference/configuration#processeddirs',
      'reference/configuration.md#nowhere',
      'reference/configuration#nowhere',
    ])).toEqual({
      'reference/configuration.md#options': 'reference/configuration#options',
      'reference/configuration.md#processeddirs': 'reference/configuration#build',
      'reference/configuration.md#options-1': 'reference/configuration#build',
      'reference/configuration.md#deep-detail': 'reference/configuration#build',
      'reference/configuration.md#processeddirs-1': 'reference/configuration#output',
      'https://docs.example.com/reference/configuration#processeddirs-1': 'reference/configuration#output',
      '/reference/configuration#deep-detail': 'reference/configuration#build',
      'reference/configuration#processeddirs': 'reference/configuration#build',
      'reference/configuration.md#nowhere': null,
      'reference/configuration#nowhere': null,
    });
  });

  it('vitepress: its slugify (a leading digit gets `_`), `-1` suffixes over every level, `{#id}`', () => {
    const page = ['# Config', '', '## Options', '', '#### Options', '', '#### 1. Setup', '', '##### Deep one {#deeper}', '', '## Output', '', '#### Options', ''].join('\n');
    expect(resolved(targetsOf('vitepress', 'guide/config.md', page), ['guide/config.md#options-1', 'guide/config.md#_1-setup', 'guide/config.md#deeper', 'guide/config.md#options-2'])).toEqual({
      'guide/config.md#options-1': 'guide/config#options',
      'guide/config.md#_1-setup': 'guide/config#options',
      'guide/config.md#deeper': 'guide/config#options',
      'guide/config.md#options-2': 'guide/config#output',
    });
  });

  it('docusaurus: `{#id}` and the MDX comment id on deeper headings, github-slugger otherwise', () => {
    const page = ['# Setup', '', '## Install', '', '#### Linux {#on-linux}', '', '#### macOS', '', '##### Homebrew {/* #brew */}', '', '## Run', '', '#### macOS', ''].join('\n');
    expect(resolved(targetsOf('docusaurus', 'guide/setup.md', page), ['guide/setup.md#on-linux', 'guide/setup.md#macos', 'guide/setup.md#brew', 'guide/setup.md#macos-1'])).toEqual({
      'guide/setup.md#on-linux': 'guide/setup#install',
      'guide/setup.md#macos': 'guide/setup#install',
      'guide/setup.md#brew': 'guide/setup#install',
      'guide/setup.md#macos-1': 'guide/setup#run',
    });
  });

  it('starlight: Astro\'s ids (one trailing hyphen dropped) on the `####` headings of a page titled in its frontmatter', () => {
    const page = ['---', 'title: Configuration', '---', '', '## Options', '', '### Build', '', '#### processedDirs', '', 'The folders processed.', '', '#### Deploy →', '', '## Output', ''].join('\n');
    expect(resolved(targetsOf('starlight', 'reference/configuration.mdx', page), ['reference/configuration.mdx#processeddirs', 'reference/configuration.mdx#deploy', 'reference/configuration.mdx#configuration'])).toEqual({
      'reference/configuration.mdx#processeddirs': 'reference/configuration#build',
      'reference/configuration.mdx#deploy': 'reference/configuration#build',
      // the slug of the page title names its intro
      'reference/configuration.mdx#configuration': 'reference/configuration',
    });
  });

  it('mkdocs: Python-Markdown\'s `_1` suffixes and attr_list ids; GitHub\'s slug of a deeper heading names its section too', () => {
    const page = ['# Setup', '', '## Install', '', '#### Install', '', '#### Flags { #my-flags }', '', '## Run', ''].join('\n');
    expect(resolved(targetsOf('mkdocs', 'guide/setup.md', page), ['guide/setup.md#install_1', 'guide/setup.md#my-flags', 'guide/setup.md#install-1', 'guide/setup.md#flags'])).toEqual({
      'guide/setup.md#install_1': 'guide/setup#install',
      'guide/setup.md#my-flags': 'guide/setup#install',
      // what GitHub's rendering of the file links: its own slugs, counted over every heading
      'guide/setup.md#install-1': 'guide/setup#install',
      'guide/setup.md#flags': 'guide/setup#install',
    });
  });

  it('nextra: `[#id]` slugged and counted, the `#` title not counted', () => {
    const page = ['# Options', '', '## Options', '', '#### Options', '', '#### Custom [#My Id]', '', '## Other', ''].join('\n');
    expect(resolved(targetsOf('nextra', 'pages/guide.mdx', page), ['pages/guide.mdx#options', 'pages/guide.mdx#options-1', 'pages/guide.mdx#my-id'])).toEqual({
      'pages/guide.mdx#options': 'guide#options',
      'pages/guide.mdx#options-1': 'guide#options',
      'pages/guide.mdx#my-id': 'guide#options',
    });
  });

  it('mintlify: `-2` suffixes over `####` headings (`#####` not counted) and `{#id}`', () => {
    const page = ['# Guide', '', '## Options', '', '##### Options', '', '#### Options', '', '#### Keep going {#keep-going}', '', '## Other', '', '#### Run it now', ''].join('\n');
    expect(resolved(targetsOf('mintlify', 'guide.mdx', page), ['guide.mdx#options-2', 'guide.mdx#keep-going', 'guide.mdx#run-it-now'])).toEqual({
      'guide.mdx#options-2': 'guide#options',
      'guide.mdx#keep-going': 'guide#options',
      'guide.mdx#run-it-now': 'guide#other',
    });
  });

  it('hugo: ids from the raw heading line, `{#id}` attributes, `-1` suffixes', () => {
    const page = ['# Setup', '', '## Install', '', '#### The *fast* way', '', '#### Install {#install-more}', '', '#### Install', '', '## Run', ''].join('\n');
    expect(resolved(targetsOf('hugo', 'guide/setup.md', page), ['guide/setup.md#the-fast-way', 'guide/setup.md#install-more', 'guide/setup.md#install-1'])).toEqual({
      'guide/setup.md#the-fast-way': 'guide/setup#install',
      'guide/setup.md#install-more': 'guide/setup#install',
      'guide/setup.md#install-1': 'guide/setup#install',
    });
  });
});
