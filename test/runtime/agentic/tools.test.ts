import { describe, expect, it } from 'vitest';
import { resolveBounds } from '../../../pipeline/runtime/agentic/index.ts';
import { ToolBox } from '../../../pipeline/runtime/agentic/tools.ts';
import { openSection, search } from './helpers.ts';

function toolbox(overrides: Parameters<typeof resolveBounds>[0] = {}) {
  const searched: string[] = [];
  const box = new ToolBox({ search, openSection, bounds: resolveBounds(overrides), onSearch: (q) => searched.push(q) });
  return { box, searched };
}

const call = (name: string, args: Record<string, unknown>) => ({ id: 'c', name, args });

describe('the loop tools', () => {
  it('open sections up to their bound, re-opening one for free', () => {
    const { box, searched } = toolbox({ maxOpenedSections: 1 });

    expect(JSON.parse(box.run(call('open_section', { id: 'guide/server#options' })))).toMatchObject({ mode: 'source-primary', source: expect.stringContaining('| --port |') as unknown });
    expect(box.run(call('open_section', { id: 'guide/proxy#behind-a-proxy' }))).toContain('Limit of opened sections reached');
    expect(JSON.parse(box.run(call('open_section', { id: 'guide/server#options' })))).toMatchObject({ id: 'guide/server#options' });
    expect(searched).toEqual(['Options']);
  });

  it('hand the model the source text of source-primary sections only, within maxSourceChars', () => {
    const { box } = toolbox({ maxSourceChars: 5 });
    expect((JSON.parse(box.run(call('open_section', { id: 'guide/server#options' }))) as { source?: string }).source).toBe('## Op');
    expect((JSON.parse(box.run(call('open_section', { id: 'guide/server#change-the-port' }))) as { source?: string }).source).toBeUndefined();
  });

  it('answer bad calls with an error the model can act on, without counting them', () => {
    const { box, searched } = toolbox({ maxSubQueries: 1 });
    expect((JSON.parse(box.run(call('open_section', { id: 'nope' }))) as { error: string }).error).toContain('No section has the id "nope"');
    expect(box.run(call('search', { query: '  ' }))).toContain('needs a non-empty');
    expect(box.run(call('delete_everything', {}))).toContain('Unknown tool');
    expect(JSON.parse(box.run(call('search', { query: 'proxy' })))).toMatchObject({ results: [{ id: 'guide/proxy#behind-a-proxy' }] });
    expect(box.run(call('search', { query: 'port' }))).toContain('Search limit reached');
    expect(searched).toEqual(['proxy']);
  });

  it('collect every section shown as a source, once per url, with the terms of opened ones', () => {
    const { box } = toolbox();
    box.initialSearch('port proxy');
    box.run(call('open_section', { id: 'guide/proxy#behind-a-proxy' }));
    expect(box.sources.list()).toEqual([
      { url: '/guide/server#change-the-port', title: 'Running the server', heading: 'Change the port', group: 'guide' },
      { url: '/guide/proxy#behind-a-proxy', title: 'Running the server', heading: 'Behind a proxy', group: 'guide', terms: ['proxy'] },
    ]);
  });

  it('refuse a bound that is not a whole number', () => {
    expect(() => resolveBounds({ maxSteps: -1 })).toThrow(RangeError);
    expect(resolveBounds({ maxSteps: 0 }).maxSteps).toBe(0);
  });
});
