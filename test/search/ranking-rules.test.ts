import { describe, expect, it } from 'vitest';
import {
  BM25_B,
  idf,
  LENGTH_FLOOR,
  MAX_GLOSSARY_TERMS,
  queryTerms,
  rankSections,
  searchKeyword,
  SNIPPET_LENGTH,
  tokenize,
} from '../../pipeline/search/index.ts';
import { findTerm } from '../../pipeline/search/vocabulary.ts';
import { PAGE_KIND_PRIORS } from '../../pipeline/search/page-priors.ts';
import { indexOf, type SectionSpec } from './fixtures.ts';

const exactOnly = { features: { prefix: false, fuzzy: false } } as const;
const ids = (index: ReturnType<typeof indexOf>, query: string, options = {}) =>
  rankSections(index, query, { ...exactOnly, ...options }).ranked.map((ranked) => index.id(ranked.index));
/** Padding sections so document frequencies are not degenerate. */
const filler = (count: number): SectionSpec[] =>
  Array.from({ length: count }, (_, at) => ({ id: `filler${at}`, title: `Filler ${at}`, text: `unrelated prose number ${at} about gardening and weather` }));

describe('rule 1: glossary expansion', () => {
  const glossary = [{ term: 'one-time passcode', aliases: ['OTP'], definition: 'A code sent to reset a password.' }];
  const specs = [{ id: 'reset', text: 'Request a one-time passcode by email.' }, { id: 'other', text: 'Passwords and OTP rules.' }, ...filler(6)];

  it('adds the tokens of an entry when the query holds every token of its term or of an alias', () => {
    const index = indexOf(specs, { glossary });
    // `one` is a stopword and `passcode` arrives stemmed, as every term does
    expect(queryTerms(index, 'OTP expired').expanded).toEqual(['one-time', 'time', 'passcod']);
    expect(ids(index, 'OTP expired')).toContain('reset');
  });

  it('does not expand on a partial phrase', () => {
    const index = indexOf(specs, { glossary });
    expect(queryTerms(index, 'one time').expanded).toEqual([]);
  });

  it('is additive: the typed terms stay, the expansion comes after them', () => {
    const index = indexOf(specs, { glossary });
    expect(queryTerms(index, 'otp').terms).toEqual(['otp', 'one-time', 'time', 'passcod']);
  });

  it('adds at most 24 terms', () => {
    const aliases = Array.from({ length: 40 }, (_, at) => `alias${at}`);
    const index = indexOf(specs, { glossary: [{ term: 'big', aliases, definition: 'x' }] });
    expect(MAX_GLOSSARY_TERMS).toBe(24);
    expect(queryTerms(index, 'big').expanded).toHaveLength(24);
  });
});

describe('rule 2: stopwords', () => {
  it('drops grammatical and generic words', () => {
    const index = indexOf(filler(3));
    expect(queryTerms(index, 'how do I rotate the token').terms).toEqual(['rotat', 'token']);
  });

  it('keeps the raw terms of a query made only of stopwords', () => {
    const index = indexOf([{ id: 'about', text: 'What is this about' }, ...filler(3)]);
    expect(queryTerms(index, 'what is this').terms).toEqual(['what', 'is', 'this']);
    expect(ids(index, 'what is this')[0]).toBe('about');
  });
});

describe('rule 3: inverse document frequency', () => {
  it('weighs rarer terms more', () => {
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 10));
    const index = indexOf([{ id: 'a', title: 'A', text: 'zebra lion' }, { id: 'b', title: 'B', text: 'lion tiger' }, { id: 'c', title: 'C', text: 'lion' }, ...filler(5)]);
    const [first, second] = rankSections(index, 'zebra lion', exactOnly).ranked;
    expect(index.id(first?.index ?? -1)).toBe('a');
    expect((first?.score ?? 0) / (second?.score ?? 1)).toBeGreaterThan(2);
  });
});

describe('rule 4: body, digest signal and heading or title weights', () => {
  it('scores weight for the body, the weight again for the signal, three times for heading or title', () => {
    const specs: SectionSpec[] = [
      { id: 'body', heading: 'alpha', text: 'needle here' },
      { id: 'signal', heading: 'beta', text: 'needle here', terms: ['needle'] },
      { id: 'head', heading: 'needle', text: 'other words' },
      ...filler(10),
    ];
    const index = indexOf(specs, { stem: false });
    const { ranked } = rankSections(index, 'needle', { ...exactOnly, features: { ...exactOnly.features, floor: false } });
    const weight = idf(index.sectionCount, 3);
    const average = index.avgLength;
    const norm = (length: number) => 1 - BM25_B + (BM25_B * length) / average;
    const score = (id: string) => ranked.find((entry) => index.id(entry.index) === id)?.score;
    expect(score('body')).toBeCloseTo(weight / norm(2), 10);
    expect(score('signal')).toBeCloseTo((2 * weight) / norm(2), 10);
    expect(score('head')).toBeCloseTo((3 * weight) / norm(2), 10);
  });

  it('counts summary and fact tokens as signal, and the page title like a heading', () => {
    const index = indexOf([
      { id: 'page#a', title: 'Tokens', heading: 'Create', text: 'x' },
      { id: 'other#b', heading: 'Unrelated', text: 'y', summary: 'explains tokens', facts: ['svc tokens create'] },
      ...filler(5),
    ]);
    const result = rankSections(index, 'tokens', exactOnly).ranked;
    expect(result.map((entry) => index.id(entry.index))).toEqual(['page#a', 'other#b']);
  });
});

describe('rule 5: BM25 length normalisation with a floor', () => {
  it('divides by 1 - b + b * length / average length, b = 0.75', () => {
    const long = 'word '.repeat(60);
    const index = indexOf([{ id: 'short', text: 'needle a b' }, { id: 'long', text: `needle ${long}` }, ...filler(4)], { stem: false });
    const [first, second] = rankSections(index, 'needle', { ...exactOnly, features: { ...exactOnly.features, floor: false } }).ranked;
    const lengthOf = (at: number) => index.lengths[at] ?? 0;
    const norm = (at: number) => 1 - BM25_B + (BM25_B * lengthOf(at)) / index.avgLength;
    expect(first && second && first.score * norm(first.index)).toBeCloseTo((second?.score ?? 0) * norm(second?.index ?? 0), 10);
    expect(index.id(first?.index ?? -1)).toBe('short');
  });

  it('floors the factor at LENGTH_FLOOR so an empty stub is not rewarded for its shortness (BM25 alone would divide it by 1 - b)', () => {
    const index = indexOf([{ id: 'stub', heading: 'needle', text: '' }, ...filler(6)], { stem: false });
    const floored = rankSections(index, 'needle', exactOnly).ranked[0]?.score ?? 0;
    const unfloored = rankSections(index, 'needle', { features: { prefix: false, fuzzy: false, floor: false } }).ranked[0]?.score ?? 0;
    expect(LENGTH_FLOOR).toBeGreaterThanOrEqual(1);
    expect(unfloored / floored).toBeCloseTo(LENGTH_FLOOR / (1 - BM25_B), 10);
  });

  it('divides only sections longer than (floor - 1 + b) / b times the average against shorter ones', () => {
    const words = (count: number, stem: string) => Array.from({ length: count }, (_, at) => `${stem}${at}`).join(' ');
    // average 47.5 distinct tokens: 'short' (5) and 'medium' (30) are under the floor's threshold, 'long' (300, K = 4.99) is over it for a floor up to 4.99
    const index = indexOf([
      { id: 'short', text: `needle ${words(4, 's')}` },
      { id: 'medium', text: `needle ${words(29, 'm')}` },
      { id: 'long', text: `needle ${words(299, 'l')}` },
      ...Array.from({ length: 7 }, (_, at) => ({ id: `fill${at}`, text: words(20, `f${at}x`) })),
    ], { stem: false });
    expect(index.avgLength).toBe(47.5);
    const factor = (length: number) => 1 - BM25_B + (BM25_B * length) / index.avgLength;
    expect(factor(30)).toBeLessThan(LENGTH_FLOOR);
    expect(factor(300)).toBeGreaterThan(LENGTH_FLOOR);
    const score = (id: string) => rankSections(index, 'needle', exactOnly).ranked.find((entry) => index.id(entry.index) === id)?.score;
    expect(score('medium')).toBeCloseTo(score('short') ?? 0, 10);
    expect((score('short') ?? 0) / (score('long') ?? 1)).toBeCloseTo(factor(300) / LENGTH_FLOOR, 10);
  });
});

describe('the page-kind prior after rule 5', () => {
  const same = { title: 'Deliveries', text: 'Webhooks retry failed deliveries five times.' };
  const specs = [{ id: 'blog/v2', ...same }, { id: 'guide/webhooks', ...same }, ...filler(6)];

  it('ranks the guide above a blog post with the same text, by the prior of the post kind', () => {
    const index = indexOf(specs, { kinds: { 'blog/v2': 'blog' } });
    const ranked = rankSections(index, 'webhooks retry').ranked.map((entry) => ({ id: index.id(entry.index), score: entry.score }));
    expect(ranked.map((entry) => entry.id)).toEqual(['guide/webhooks', 'blog/v2']);
    expect((ranked[1]?.score ?? 0) / (ranked[0]?.score ?? 1)).toBeCloseTo(PAGE_KIND_PRIORS.blog, 9);
    expect(index.kindPriors).toEqual({ blog: PAGE_KIND_PRIORS.blog });
  });

  it('leaves corpus order when no page has another kind, and can be switched off', () => {
    const plain = indexOf(specs);
    expect(rankSections(plain, 'webhooks retry').ranked.map((entry) => plain.id(entry.index))).toEqual(['blog/v2', 'guide/webhooks']);
    const kinds = indexOf(specs, { kinds: { 'blog/v2': 'blog' } });
    expect(rankSections(kinds, 'webhooks retry', { features: { kindPrior: false } }).ranked.map((entry) => kinds.id(entry.index))).toEqual(['blog/v2', 'guide/webhooks']);
  });
});

describe('rule 6: per-page cap, result count and snippets', () => {
  const specs: SectionSpec[] = [
    ...Array.from({ length: 5 }, (_, at) => ({ id: `big#s${at}`, title: 'Big', heading: `needle ${at}`, text: 'needle' })),
    ...Array.from({ length: 8 }, (_, at) => ({ id: `page${at}#x`, heading: 'x', text: `needle in page ${at}` })),
  ];

  it('admits at most perDocCap (default 2) sections of one page', () => {
    const found = ids(indexOf(specs), 'needle', { maxResults: 20 });
    expect(found.filter((id) => id?.startsWith('big#'))).toHaveLength(2);
    expect(ids(indexOf(specs), 'needle', { maxResults: 20, perDocCap: 4 }).filter((id) => id?.startsWith('big#'))).toHaveLength(4);
  });

  it('returns the top maxResults (default 6)', () => {
    expect(searchKeyword(indexOf(specs), 'needle')).toHaveLength(6);
    expect(searchKeyword(indexOf(specs), 'needle', { maxResults: 3 })).toHaveLength(3);
  });

  it('excerpts the snippet around the first matched term, cut on word boundaries', () => {
    const before = 'Lorem ipsum dolor sit amet consectetur. '.repeat(8);
    const after = ' and then plenty more words follow the match to fill the snippet out'.repeat(4);
    const [result] = searchKeyword(indexOf([{ id: 'p', text: `${before}The zanzibar setting controls it.${after}` }, ...filler(3)]), 'zanzibar');
    const snippet = result?.snippet ?? '';
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('The zanzibar setting');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    const words = `${before}The zanzibar setting controls it.${after}`.split(/\s+/);
    for (const word of snippet.replace(/…/g, '').trim().split(' ')) expect(words).toContain(word);
  });

  it('omits heading and group when absent instead of sending null', () => {
    const [result] = searchKeyword(indexOf([{ id: 'intro', heading: null, text: 'needle' }, ...filler(2)]), 'needle');
    expect(result).toEqual({ title: 'intro', url: '/intro', snippet: 'needle' });
  });
});

describe('rule 7: no digest tree', () => {
  it('falls back to IDF-weighted token overlap over the raw chunk text', () => {
    const index = indexOf([{ id: 'a', text: 'alpha beta' }, { id: 'b', text: 'alpha' }, ...filler(4)], { withDigest: false });
    expect(index.hasDigest).toBe(false);
    const { ranked } = rankSections(index, 'alpha beta', exactOnly);
    const weight = (term: string) => idf(index.sectionCount, index.df[findTerm(index, term)] ?? 0);
    expect(ranked[0]?.score).toBeCloseTo(weight('alpha') + weight('beta'), 10);
    expect(ranked[1]?.score).toBeCloseTo(weight('alpha'), 10);
  });
});

describe('tokens for documentation', () => {
  const index = indexOf([
    { id: 'flags', text: 'Pass --access-url to set it.' },
    { id: 'env', text: 'Set GEMINI_API_KEY in the environment.' },
    { id: 'path', text: 'POST /api/v2/authcheck checks permissions.' },
    { id: 'header', text: 'Send the Svc-Session-Token header.' },
    ...filler(4),
  ]);
  it.each([
    ['--access-url', 'flags'],
    ['access url', 'flags'],
    ['GEMINI_API_KEY', 'env'],
    ['gemini key', 'env'],
    ['/api/v2/authcheck', 'path'],
    ['authcheck', 'path'],
    ['svc-session-token', 'header'],
    ['session token', 'header'],
  ])('finds %s in the section %s', (query, id) => {
    expect(ids(index, query)[0]).toBe(id);
  });

  it('matches a word being typed by its prefix, and a typo one edit away', () => {
    const typed = indexOf([{ id: 'n', text: 'notification settings' }, ...filler(4)]);
    expect(ids(typed, 'notif')).toEqual([]);
    expect(rankSections(typed, 'notif').ranked.map((entry) => typed.id(entry.index))).toEqual(['n']);
    expect(rankSections(typed, 'notifcation').ranked.map((entry) => typed.id(entry.index))).toEqual(['n']);
  });

  it('reads only the last typed word as partial: an unknown word before it is not expanded by prefix', () => {
    const typed = indexOf([{ id: 'n', text: 'notification settings' }, { id: 's', text: 'settings of the garden' }, ...filler(4)]);
    const scoreOf = (query: string, id: string): number => rankSections(typed, query).ranked.find((entry) => typed.id(entry.index) === id)?.score ?? 0;
    // typed last, `notif` reaches `notification`: n earns more than s
    expect(scoreOf('settings notif', 'n')).toBeGreaterThan(scoreOf('settings notif', 's'));
    // typed first, it is not the word being typed: n and s earn the same, for `settings` alone
    expect(scoreOf('notif settings', 'n')).toBeCloseTo(scoreOf('notif settings', 's'), 9);
  });

  it('reads an acronym in the plural (URLs meets url) and a camel-case word as one word, the same typed in lower case', () => {
    expect(tokenize('Redirect URLs and maxResults on GitHub', { stem: true })).toEqual(['redirect', 'url', 'and', 'maxresult', 'on', 'github']);
    expect(tokenize('maxresults', { stem: true })).toEqual(tokenize('maxResults', { stem: true }));
    // one query word counts once: `GitHub` does not also match `git` and `hub`
    const brand = indexOf([{ id: 'gh', text: 'Publish with GitHub Pages.' }, { id: 'hub', text: 'The git hub pulls every commit.' }, ...filler(4)]);
    expect(ids(brand, 'GitHub')).toEqual(['gh']);
  });

  it('splits scripts written without spaces into words, and keeps the marks of scripts that combine them', () => {
    expect(tokenize('設定ファイルを編集する', { stem: false })).toEqual(expect.arrayContaining(['設定', 'ファイル', '編集']));
    expect(tokenize('ภาษาไทยง่าย', { stem: false })).toEqual(['ภาษา', 'ไทย', 'ง่าย']);
    expect(tokenize('नमस्ते दुनिया', { stem: false })).toEqual(['नमस्ते', 'दुनिया']);
    const unspaced = indexOf([{ id: 'ja', text: '設定ファイルを編集してから再起動します。' }, { id: 'zh', text: '访问令牌在二十四小时后过期。' }, ...filler(4)]);
    expect(ids(unspaced, 'ファイル')[0]).toBe('ja');
    expect(ids(unspaced, '令牌')[0]).toBe('zh');
  });

  it('answers an empty or whitespace query with nothing', () => {
    expect(searchKeyword(index, '   ')).toEqual([]);
  });
});
