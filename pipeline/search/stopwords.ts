/**
 * Grammatical and generic words dropped from queries (spec, keyword ranking rule 2).
 * Grammatical: articles, pronouns, auxiliaries, prepositions, conjunctions, question words.
 * Generic: words that occur in almost every documentation question and say nothing of the
 * topic (`use`, `way`, `docs`, `need`...). A query made only of these keeps its raw terms.
 * Words that carry meaning in technical docs (`not`, `off`, `on`, `all`, `new`, `default`)
 * are deliberately kept.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  // articles, determiners
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'each', 'every', 'such',
  // pronouns
  'i', 'me', 'my', 'mine', 'we', 'us', 'our', 'you', 'your', 'yours', 'he', 'she', 'it', 'its', 'they', 'them', 'their', 'one',
  // auxiliaries and copulas
  'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did', 'doing', 'done', 'have', 'has', 'had', 'having',
  'can', 'could', 'should', 'would', 'will', 'shall', 'may', 'might', 'must',
  // prepositions and conjunctions
  'of', 'in', 'into', 'to', 'for', 'with', 'from', 'by', 'at', 'as', 'about', 'than', 'then', 'so', 'and', 'or', 'but', 'if',
  'when', 'while', 'via', 'over', 'under', 'between', 'through', 'up', 'out',
  // question words
  'what', 'which', 'who', 'whom', 'whose', 'why', 'how', 'where',
  // generic words of documentation questions
  'use', 'using', 'used', 'way', 'ways', 'get', 'got', 'need', 'needs', 'want', 'wants', 'make', 'there', 'here', 'just',
  'also', 'only', 'very', 'too', 'more', 'most', 'much', 'many', 'other', 'thing', 'things', 'something', 'anything',
  'docs', 'documentation', 'please', 'possible', 'able', 'happen', 'happens', 'keep', 'keeps', 'go', 'goes', 'let', 'lets',
  'know', 'tell', 'show', 'see', 'try', 'trying', 'work', 'works', 'working', 'still', 'getting', 'gets',
  'someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'nothing', 'everything', 'somewhere',
]);
