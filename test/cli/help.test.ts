import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandUsage, optionUsage } from '../../pipeline/cli/command-spec.ts';
import { commandTable, TABLE_MARKS } from '../../pipeline/cli/command-table.ts';
import { COMMAND_SPECS, DIGEST_BUILD } from '../../pipeline/cli/specs/index.ts';
import { runAsk } from '../support/cli.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');

describe('one declaration per command drives help, parsing and the README', () => {
  it("holds the README's command table equal to the declarations", async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf(TABLE_MARKS.start) + TABLE_MARKS.start.length;
    const end = readme.indexOf(TABLE_MARKS.end);
    expect(readme.slice(start, end).trim()).toBe(commandTable(COMMAND_SPECS));
  });

  it('answers --help, -h and `ask help <command>` for every command with each declared option and its help', async () => {
    for (const spec of COMMAND_SPECS) {
      const argv = spec.name.split(' ');
      const long = await runAsk([...argv, '--help'], ROOT);
      expect(long.code, spec.name).toBe(0);
      const text = long.out.join('\n');
      expect(text).toContain(`usage: ask ${spec.name}`);
      for (const [name, option] of Object.entries(spec.options)) {
        expect(text).toContain(optionUsage(name, option));
        expect(text).toContain(option.help.replace(/`/g, ''));
      }
      expect((await runAsk([...argv, '-h'], ROOT)).out).toEqual(long.out);
      expect((await runAsk(['help', ...argv], ROOT)).out).toEqual(long.out);
    }
  });

  it('lists every command with its one line on ask --help', async () => {
    const help = await runAsk(['--help'], ROOT);
    expect(help.code).toBe(0);
    for (const spec of COMMAND_SPECS) expect(help.out.join('\n')).toMatch(new RegExp(`^  ${spec.name} +${spec.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });

  it('prints the package version on --version and -v', async () => {
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) expect(await runAsk([flag], ROOT)).toEqual({ code: 0, out: [version], err: [] });
  });

  it('names the closest known option of a misspelt one, exit 2', async () => {
    const run = await runAsk(['digest', 'build', '--generater', 'vitepress'], ROOT);
    expect(run).toEqual({ code: 2, out: [], err: ["ask: unknown option --generater for 'ask digest build' (did you mean --generator?); see ask digest build --help"] });
    const far = await runAsk(['serve', '--zzzzzz'], ROOT);
    expect(far.err).toEqual(["ask: unknown option --zzzzzz for 'ask serve'; see ask serve --help"]);
  });

  it('names the closest command of a misspelt one, exit 2', async () => {
    expect(await runAsk(['serv'], ROOT)).toEqual({ code: 2, out: [], err: ["ask: unknown command 'serv' (did you mean 'ask serve'?); see ask --help"] });
    expect((await runAsk(['digest', 'biuld'], ROOT)).err).toEqual(["ask: unknown command 'digest biuld' (did you mean 'ask digest build'?); see ask --help"]);
  });

  it('says a missing value in one line pointing at the help', async () => {
    const run = await runAsk(['digest', 'build', '--out'], ROOT);
    expect(run.code).toBe(2);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(/^ask digest build: Option '--out <value>' argument missing; see ask digest build --help$/);
  });

  it("writes the usage line from the declared options", () => {
    expect(commandUsage(DIGEST_BUILD)).toMatch(/^ask digest build \[--content DIR\] \[--out DIR\] .*\[--exclude GLOB\.\.\.\] .*\[--quiet\] \[--json\]$/);
  });
});
