/**
 * The small hand-written word lists of the offline distiller: stopwords for
 * search terms, the names of table columns and the acronyms that are never glossary terms, and a documentation thesaurus that adds the words people
 * search with when the docs use another (`login` -> `sign in`).
 */

/** Grammatical and generic words that never become a search term on their own. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can cannot could did do does doing done down during each either else etc every few for ' +
    'from further had has have having he her here hers him his how however i if in into is it its itself just ' +
    'let like may me might more most much must my need needs no nor not now of off on once one only or other ' +
    'our ours out over own per same say see she should shown since so some such than that the their theirs them ' +
    'then there these they this those through thus to too under until up upon us use used uses using via was we ' +
    'were what when where whether which while who whom whose why will with within without would yes yet you your ' +
    'yours e g ie eg example examples section page pages following follows below above note here own link links ' +
    'click more com www'
  ).split(' '),
);

/**
 * Words that head a table's column or a kind of section rather than name a thing of the docs
 * ("Use case", "Default", "Options", "Languages"): never a glossary term, whatever the table or
 * heading they come from.
 */
export const COLUMN_NAMES: readonly string[] = (
  'use case|use cases|name|names|option|options|parameter|parameters|param|params|argument|arguments|property|' +
  'properties|prop|props|field|fields|attribute|attributes|setting|settings|returns|return value|return type|' +
  'default value|defaults|status|notes|remarks|comment|comments|language|languages|feature|features|command|' +
  'commands|method|methods|event|events|key|keys|since|added in|purpose|' +
  'environment variable|environment variables|configuration|config|reference|api reference'
).split('|');

/**
 * Acronyms every reader of developer docs knows: a glossary does not spell them out ("CLI is
 * short for command line interface"), though it keeps a definition the docs write for one.
 */
export const WELL_KNOWN_ACRONYMS: ReadonlySet<string> = new Set(
  (
    'API APIs CI CD CLI GUI UI UX URL URI HTML CSS HTTP HTTPS JSON XML YAML SQL REST VCS OS PR FAQ IDE SDK DNS ' +
    'TCP IP SSH SSL TLS PDF CPU RAM ID'
  ).split(' '),
);

/**
 * Trigger -> synonyms. A trigger is a word (matched with a plural `s` too) or
 * a phrase; synonyms are added to a section's terms only when its trigger is
 * in the section.
 */
export const THESAURUS: readonly (readonly [string, readonly string[]])[] = [
  ['token', ['credential', 'key']],
  ['api key', ['token', 'credential']],
  ['credential', ['token', 'key']],
  ['secret', ['credential', 'password']],
  ['password', ['credential', 'secret']],
  ['login', ['sign in', 'log in']],
  ['log in', ['login', 'sign in']],
  ['sign in', ['login', 'log in']],
  ['logout', ['sign out', 'log out']],
  ['sign out', ['logout', 'log out']],
  ['authentication', ['auth', 'login']],
  ['authenticate', ['auth', 'login']],
  ['auth', ['authentication']],
  ['session', ['login', 'token']],
  ['delete', ['remove', 'revoke']],
  ['remove', ['delete']],
  ['revoke', ['delete', 'invalidate']],
  ['create', ['add', 'new']],
  ['add', ['create']],
  ['generate', ['create']],
  ['update', ['change', 'edit']],
  ['edit', ['update', 'change']],
  ['upgrade', ['update', 'migrate']],
  ['notification', ['alert', 'message']],
  ['alert', ['notification']],
  ['inbox', ['notification', 'message']],
  ['workspace', ['environment']],
  ['error', ['failure', 'problem']],
  ['failure', ['error']],
  ['fail', ['error']],
  ['troubleshoot', ['debug', 'fix', 'problem']],
  ['troubleshooting', ['debug', 'fix', 'problem']],
  ['debug', ['troubleshoot', 'diagnose']],
  ['list', ['show', 'get']],
  ['install', ['setup', 'download']],
  ['setup', ['install', 'configure']],
  ['set up', ['install', 'configure']],
  ['configure', ['setup', 'settings']],
  ['configuration', ['settings', 'config']],
  ['config', ['configuration', 'settings']],
  ['setting', ['configuration', 'option']],
  ['option', ['setting', 'flag']],
  ['flag', ['option']],
  ['parameter', ['option', 'argument']],
  ['argument', ['parameter']],
  ['permission', ['access', 'role']],
  ['role', ['permission']],
  ['account', ['user']],
  ['search', ['find', 'query']],
  ['query', ['search']],
  ['start', ['run', 'launch']],
  ['run', ['start', 'execute']],
  ['stop', ['shutdown']],
  ['limit', ['maximum', 'quota']],
  ['timeout', ['time limit']],
  ['deploy', ['publish', 'release']],
  ['proxy', ['forward', 'gateway']],
  ['webhook', ['callback', 'event']],
  ['environment variable', ['env', 'variable']],
  ['endpoint', ['route', 'url', 'api']],
  ['route', ['endpoint', 'path']],
  ['cli', ['command line', 'terminal']],
  ['command line', ['cli', 'terminal']],
  ['glossary', ['definition', 'terms']],
  ['archive', ['tarball', 'download']],
  ['repository', ['repo', 'git']],
  // v2: words readers use for the same things in other products' documentation
  ['email', ['mail', 'notification']],
  ['mail', ['email']],
  ['notification', ['email']],
  ['workspace', ['machine', 'instance']],
  ['template', ['blueprint', 'recipe']],
  ['expire', ['expiry', 'expiration']],
  ['expiry', ['expire', 'expiration']],
  ['expiration', ['expire', 'expiry']],
  ['pagination', ['paging', 'next page', 'older']],
  ['paging', ['pagination', 'older']],
  ['organization', ['tenant', 'org']],
  ['group', ['team']],
  ['suspend', ['lock', 'disable', 'deactivate']],
  ['disable', ['turn off', 'switch off']],
  ['enable', ['turn on', 'switch on']],
  ['pause', ['stop', 'switch off']],
  ['truncate', ['cut off']],
  ['truncated', ['cut off']],
  ['idle', ['inactive', 'inactivity']],
  ['inactivity', ['idle']],
  ['system user', ['bot', 'service account']],
  ['authorization', ['permission', 'allowed']],
  ['gateway', ['proxy']],
  ['base url', ['gateway', 'proxy']],
  ['prefix', ['base path', 'mount']],
  ['sso', ['single sign-on', 'company login']],
  ['single sign-on', ['sso']],
  ['oidc', ['sso', 'single sign-on']],
  ['device code', ['device login']],
  ['interval', ['poll', 'how often']],
  ['poll', ['interval', 'check again']],
  ['stream', ['live', 'feed']],
  ['watch', ['live', 'subscribe']],
  ['mcp', ['assistant', 'ai agent']],
  ['model', ['llm', 'ai']],
  ['api key', ['secret']],
];
