/**
 * The glossary on documentation as it is written: glossary pages, bold-term definitions with
 * aliases, term tables, definition lists and abbreviations become entries; option lists,
 * labelled remarks and ordinary tables do not; names keep their capitals.
 */
import { describe, expect, it } from 'vitest';
import { buildGlossary } from '../../../pipeline/distill/offline/index.ts';
import type { GlossaryEntry } from '../../../pipeline/types.ts';
import { makeCorpus, makePage } from './helpers.ts';

function glossaryOf(entries: readonly { file: string; title: string; sources: readonly string[] }[]): GlossaryEntry[] {
  return buildGlossary(makeCorpus(entries.map((entry) => ({ page: makePage(entry.file, { title: entry.title }), sources: entry.sources }))));
}

function entry(glossary: readonly GlossaryEntry[], term: string): GlossaryEntry | undefined {
  return glossary.find((item) => item.term === term);
}

describe('glossary pages and bold-term definitions', () => {
  const glossary = glossaryOf([
    {
      file: 'reference/glossary.md',
      title: 'Glossary',
      sources: [
        'Words used throughout these docs.\n',
        '## Build terms\n\n' +
          '**Artifact store** (also known as *blob cache*): where finished build outputs are kept between runs.\n\n' +
          '**Fingerprint**: a hash over every input of a step.\n\n' +
          '**Warm start** — a build that finds all of its inputs in the artifact store.\n\n' +
          '**Remote executor (RE)**: a machine that runs steps on behalf of a developer laptop.\n',
        '## Lockstep mode\n\nRuns every step of a pipeline in the order it was declared. Also known as *serial mode*.\n',
        '## Term table\n\n' +
          '| Term | Aliases | Definition |\n|---|---|---|\n' +
          '| Sandbox | jail, cell | An isolated directory a step may write to. |\n' +
          '| Step graph | DAG | The dependencies between steps, drawn as a graph. |\n' +
          '| `keepalive` | — | A ping that stops an idle executor from shutting down. |\n',
      ],
    },
  ]);

  it('reads "**Term** (also known as *alias*): definition", "**Term**: definition" and "**Term** — definition"', () => {
    expect(entry(glossary, 'artifact store')).toEqual({
      term: 'artifact store',
      aliases: ['blob cache'],
      definition: 'Where finished build outputs are kept between runs.',
    });
    expect(entry(glossary, 'fingerprint')?.definition).toBe('A hash over every input of a step.');
    expect(entry(glossary, 'warm start')?.definition).toBe('A build that finds all of its inputs in the artifact store.');
    expect(entry(glossary, 'remote executor')?.aliases).toEqual(['RE']);
  });

  it('reads a glossary page heading and the first sentence under it, with an "Also known as" alias', () => {
    expect(entry(glossary, 'lockstep mode')).toEqual({
      term: 'lockstep mode',
      aliases: ['serial mode'],
      definition: 'Runs every step of a pipeline in the order it was declared.',
    });
  });

  it('reads every row of a term table, with its alias column', () => {
    expect(entry(glossary, 'sandbox')).toEqual({ term: 'sandbox', aliases: ['cell', 'jail'], definition: 'An isolated directory a step may write to.' });
    expect(entry(glossary, 'step graph')?.aliases).toEqual(['DAG']);
    expect(entry(glossary, 'keepalive')?.definition).toBe('A ping that stops an idle executor from shutting down.');
  });

  it('makes no entry of the page title or the section headings that hold the definitions', () => {
    expect(glossary.map((item) => item.term)).not.toContain('glossary');
    expect(glossary.map((item) => item.term)).not.toContain('build terms');
    expect(glossary.map((item) => item.term)).not.toContain('term table');
  });
});

describe('definition lists and abbreviations', () => {
  it('reads "Term\\n: definition" and a term paragraph followed by a ": definition" paragraph', () => {
    const glossary = glossaryOf([
      {
        file: 'concepts/caching.md',
        title: 'Caching',
        sources: ['## Layers\n\nHot tier\n: The memory cache in front of the disk cache.\n\nCold tier\n\n:   Object storage that keeps entries for thirty days.\n'],
      },
    ]);
    expect(glossary).toEqual([
      { term: 'cold tier', aliases: [], definition: 'Object storage that keeps entries for thirty days.' },
      { term: 'hot tier', aliases: [], definition: 'The memory cache in front of the disk cache.' },
    ]);
  });

  it('turns "*[ABBR]: expansion" lines into entries with the abbreviation as alias', () => {
    const glossary = glossaryOf([
      { file: 'concepts/net.md', title: 'Networking', sources: ['## Terms used\n\nThe CDN sits in front of the origin.\n\n*[CDN]: Content Delivery Network\n'] },
      { file: 'guides/cache.md', title: 'Caching', sources: ['## Purge\n\nPurge the CDN after a deploy.\n'] },
    ]);
    expect(glossary).toEqual([{ term: 'Content Delivery Network', aliases: ['CDN'], definition: 'CDN is short for Content Delivery Network.' }]);
  });

  it('does not read a code sample of a definition list outside a glossary as a definition', () => {
    const glossary = glossaryOf([
      { file: 'reference/lists.md', title: 'Lists', sources: ['## Definition lists\n\nWrite them like this:\n\n`Sample term`\n\n:   Any text that explains the sample term at length.\n'] },
    ]);
    expect(glossary).toEqual([]);
  });
});

describe('what is not a term', () => {
  it('leaves out the values of an option list, under an option heading or as one-word labels', () => {
    const glossary = glossaryOf([
      {
        file: 'reference/settings.md',
        title: 'Settings',
        sources: [
          '### logStyle\n\n* Default: **fancy**\n* Type: **fancy**, **plain**, **jsonl**\n\n' +
            '* **fancy** - the default style when the terminal supports colour\n* **plain** - the output is printed line by line\n* **jsonl** - one JSON object per event\n',
          '## Output styles\n\n- **fancy**: the default style when the terminal supports colour.\n- **jsonl**: a stream with one JSON object per event.\n',
          '## Flags\n\n- `--watch`: the flag that rebuilds on every change.\n- `--quiet`: the flag that prints only errors.\n',
        ],
      },
    ]);
    expect(glossary).toEqual([]);
  });

  it('leaves out labelled remarks: benefits, limitations and statements that are not definitions', () => {
    const glossary = glossaryOf([
      {
        file: 'guides/remote.md',
        title: 'Remote builds',
        sources: [
          '## Why remote builds\n\n' +
            '- **No idle laptops** — each build runs on a shared machine.\n' +
            '- **For large monorepos**: The step graph is split across many machines.\n' +
            '- **Shared secrets**: The executors and the cache are one trust boundary.\n' +
            '- **Build time** - the total time is logged when the build ends.\n' +
            '- **How it works**: The client uploads its inputs first.\n',
          '## Limits\n\n**Cold caches**: The first build of a branch only fills the cache.\n',
        ],
      },
    ]);
    expect(glossary).toEqual([]);
  });

  it('keeps a colon definition that is a noun phrase outside a glossary when the docs use the label on other pages', () => {
    const roles = {
      file: 'guides/roles.md',
      title: 'Roles',
      sources: ['## Roles\n\n- **Package maintainer**: The person who approves releases of a package.\n- **Code reviewer**: A person whose approval a change needs.\n'],
    };
    expect(glossaryOf([roles])).toEqual([]);
    const glossary = glossaryOf([
      roles,
      { file: 'guides/publish.md', title: 'Publishing', sources: ['## Publish\n\nA package maintainer tags the release; a code reviewer signs off.\n'] },
      { file: 'guides/review.md', title: 'Reviews', sources: ['## Review\n\nAsk a code reviewer, then a package maintainer.\n'] },
    ]);
    expect(glossary.map((item) => item.term)).toEqual(['code reviewer', 'package maintainer']);
  });

  it('leaves out the fields of a screen, statements about a label, column names and praise', () => {
    const glossary = glossaryOf([
      {
        file: 'guides/runs.md',
        title: 'Runs',
        sources: [
          '## Run details\n\n- **Timestamp**: The exact time when the run started.\n- **Pre-run hooks**: The runner supports pre-run hooks.\n',
          '## Key terms\n\n| Term | Use Case |\n| --- | --- |\n| Lockfile | Pins versions |\n\n**Use Case**\n: The situation a feature is for.\n',
          '## Dashboards\n\nDashboards are a great way to watch your runs.\n',
        ],
      },
      { file: 'guides/hooks.md', title: 'Hooks', sources: ['## Hooks\n\nPre-run hooks run first. Each timestamp is UTC.\n'] },
      { file: 'guides/more.md', title: 'More', sources: ['## More\n\nPre-run hooks can fail. The timestamp is shown.\n'] },
    ]);
    expect(glossary).toEqual([]);
  });

  it('reads no term from an ordinary table', () => {
    const glossary = glossaryOf([
      {
        file: 'reference/options.md',
        title: 'Options',
        sources: ['## Options\n\n| Option | Description |\n|---|---|\n| `retries` | The number of attempts before a step fails. |\n| Cache size | The largest cache the executor keeps. |\n'],
      },
    ]);
    expect(glossary).toEqual([]);
  });
});

describe('the case of a term', () => {
  it('keeps the capitals of a name the prose writes capitalised, whatever code and sentence starts do', () => {
    const glossary = glossaryOf([
      {
        file: 'getting-started/zephyrine.md',
        title: 'Zephyrine',
        sources: [
          'Zephyrine is a build runner for large repositories. Install it with `npm i zephyrine`.\n\n```sh\nzephyrine build\n```\n',
          '## Usage\n\nProjects built with Zephyrine start fast. The docs live at https://zephyrine.example.\n',
        ],
      },
    ]);
    expect(glossary.map((item) => item.term)).toEqual(['Zephyrine']);
  });

  it('writes a common noun in lower case even when the heading and its definition capitalise it', () => {
    const glossary = glossaryOf([
      { file: 'concepts/steps.md', title: 'Steps', sources: ['## Steps\n\nSteps are commands that the runner schedules on an executor. A step may retry.\n'] },
    ]);
    expect(glossary.map((item) => item.term)).toEqual(['step']);
  });
});
