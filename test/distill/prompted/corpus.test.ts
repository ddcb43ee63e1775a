import { describe, expect, it } from 'vitest';
import { FAKE_PROVIDERS } from '../../support/fake-providers.ts';
import { corpus } from '../../support/distill-fixtures.ts';
import { distillerFor, useFake } from '../../support/model-distiller.ts';

describe.each(FAKE_PROVIDERS)('corpus passes through the real %s SDK', (provider) => {
  const { fake } = useFake(provider);

  it('keeps glossary entries grounded in the sections they cite, and drops the others', async () => {
    fake().script({
      json: {
        entries: [
          { term: 'platform', aliases: ['upstream', 'Platform', 'platform'], definition: 'The upstream service.', sections: ['guide/server#behind-a-proxy'] },
          { term: 'port', aliases: [], definition: 'Where the server listens.', sections: ['guide/server#change-the-port'] },
          { term: 'quantum flux', aliases: ['flux'], definition: 'Invented.', sections: ['guide/server#change-the-port'] },
          { term: 'Port', aliases: [], definition: 'A duplicate.', sections: ['guide/server#change-the-port'] },
          { term: 'proxy', aliases: [], definition: 'Cites nothing real.', sections: ['nowhere#at-all'] },
        ],
      },
    });

    const glossary = await distillerFor(provider, fake()).distillGlossary(corpus);

    expect(glossary).toEqual([
      { term: 'platform', aliases: ['upstream'], definition: 'The upstream service.' },
      { term: 'port', aliases: [], definition: 'Where the server listens.' },
    ]);
    expect(fake().requests[0]?.raw).toContain('[guide/server#change-the-port] Running the server › Change the port (guide)');
  });

  it('suggests deduplicated questions, each with the section it names when that section exists, and writes the context, both seeing the glossary', async () => {
    fake().script(
      {
        json: {
          questions: [
            { question: 'How do I change the port?', section: 'guide/server#change-the-port' },
            { question: ' how do I change the port? ', section: 'guide/server' },
            { question: 'How do I run behind a proxy?', section: 'guide/made-up#nowhere' },
          ],
        },
      },
      { json: { context: '  The docs explain the server.  ' } },
    );
    const distiller = distillerFor(provider, fake());
    const glossary = [{ term: 'platform', aliases: ['upstream'], definition: 'The upstream service.' }];

    expect(await distiller.suggestQuestions(corpus, glossary)).toEqual([
      { question: 'How do I change the port?', section: 'guide/server#change-the-port' },
      // an id that is no section of the corpus is never a check
      { question: 'How do I run behind a proxy?', section: null },
    ]);
    expect(await distiller.writeContext(corpus, glossary)).toBe('The docs explain the server.');
    for (const request of fake().requests) expect(request.raw).toContain('platform (also: upstream): The upstream service.');
    expect(distiller.usage().calls).toBe(2);
  });
});
