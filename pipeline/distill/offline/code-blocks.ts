/**
 * Facts from fenced and indented code blocks, by language:
 * - shell (`bash`, `sh`, `console`, ..., or any block whose lines start with `$ `):
 *   the first command line (`code`), every flag (`flag`), environment
 *   variables (`key`), URLs (`value`) and `-H "Name:` header names (`key`);
 * - `json`: property names; `yaml`: mapping keys; `toml`/`ini`: keys (`key`);
 * - `env`/`dotenv`: variable names (`key`) and their values (`value`);
 * - `http`: the request line (`code`), its path (`value`), header names (`key`).
 * At most `PER_BLOCK` facts per block, so one long example cannot crowd out the prose.
 */
import type { Code } from 'mdast';
import { envVarsIn, flagsIn, type Candidate } from './fact-kinds.ts';
import { startOf } from './parse.ts';

const PER_BLOCK = 10;

const SHELL = new Set([
  'bash', 'sh', 'shell', 'zsh', 'fish', 'console', 'terminal', 'shell-session', 'shellsession', 'powershell', 'ps1', 'pwsh', 'cmd', 'bat',
]);

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  sh: 'shell', shell: 'shell', console: 'shell', terminal: 'shell', 'shell-session': 'shell', bash: 'bash', zsh: 'zsh',
  ts: 'TypeScript', typescript: 'TypeScript', js: 'JavaScript', javascript: 'JavaScript', mjs: 'JavaScript',
  tsx: 'TSX', jsx: 'JSX', json: 'JSON', jsonc: 'JSON', json5: 'JSON', yaml: 'YAML', yml: 'YAML', toml: 'TOML',
  ini: 'INI', env: 'env', dotenv: 'env', http: 'HTTP', html: 'HTML', css: 'CSS', sql: 'SQL', py: 'Python',
  python: 'Python', go: 'Go', rust: 'Rust', rs: 'Rust', dockerfile: 'Dockerfile', md: 'Markdown', mdx: 'MDX',
  astro: 'Astro', xml: 'XML', diff: 'diff', text: 'text', txt: 'text', powershell: 'PowerShell', ps1: 'PowerShell',
};

/** The language tag of a block, lower case, without attributes (`ts title="x"` -> `ts`). */
function languageOf(code: Code): string {
  return (code.lang ?? '').toLowerCase().split(/[\s{]/)[0] ?? '';
}

/** A readable name for a block's language, or null when the block has none. */
export function languageName(code: Code): string | null {
  const lang = languageOf(code);
  if (!lang) return isShellBlock(code) ? 'shell' : null;
  return LANGUAGE_NAMES[lang] ?? lang;
}

const PROMPT = /^(?:\$|%|>|PS>|PS [^>]*>)\s+/;

/** True for shell sessions: a shell language, or untagged lines that start with a `$ ` prompt. */
function isShellBlock(code: Code): boolean {
  const lang = languageOf(code);
  if (SHELL.has(lang)) return true;
  return lang === '' && code.value.split('\n').some((line) => /^\s*\$\s+\S/.test(line));
}

/**
 * The command lines of a shell block: prompts, trailing `# comments` and
 * continuation backslashes removed; only prompted lines when the block has prompts.
 */
function commandLines(code: Code): string[] {
  const lines = code.value.split('\n').map((line) => line.trim());
  const prompted = lines.filter((line) => PROMPT.test(line));
  const commands = prompted.length > 0 ? prompted.map((line) => line.replace(PROMPT, '')) : lines;
  return commands
    .map((line) => line.replace(/\s+#\s.*$/, '').replace(/\s*\\$/, '').trim())
    .filter((line) => line.length > 0 && !line.startsWith('#') && !line.startsWith('//') && !line.startsWith('REM '));
}

/** The first command of a shell block, as written (continuation backslash removed), or null. */
export function firstCommand(code: Code): string | null {
  if (!isShellBlock(code)) return null;
  return commandLines(code)[0] ?? null;
}

/** Facts of one shell block. */
function shellFacts(code: Code, at: number): Candidate[] {
  const facts: Candidate[] = [];
  const command = firstCommand(code);
  if (command && command.length <= 200) facts.push({ kind: 'code', literal: command, at });
  for (const line of commandLines(code)) {
    for (const flag of flagsIn(line)) facts.push({ kind: 'flag', literal: flag.literal, at: at + flag.index });
    for (const env of envVarsIn(line)) facts.push({ kind: 'key', literal: env.literal, at: at + env.index });
    for (const match of line.matchAll(/-H\s+["']?([A-Za-z][\w-]*):/g)) {
      facts.push({ kind: 'key', literal: match[1] ?? '', at: at + match.index });
    }
    for (const match of line.matchAll(/https?:\/\/[^\s"'`<>]+/g)) {
      facts.push({ kind: 'value', literal: match[0].replace(/[).,;]+$/, ''), at: at + match.index });
    }
  }
  return facts;
}

/** Keys of structured data blocks, and the values of `env` blocks. */
function dataFacts(code: Code, lang: string, at: number): Candidate[] {
  const text = code.value;
  const facts: Candidate[] = [];
  const push = (kind: Candidate['kind'], literal: string | undefined, index: number): void => {
    if (literal) facts.push({ kind, literal: literal.trim(), at: at + index });
  };
  if (lang === 'json' || lang === 'jsonc' || lang === 'json5') {
    for (const m of text.matchAll(/"([A-Za-z_$][\w.$-]*)"\s*:/g)) push('key', m[1], m.index);
  } else if (lang === 'yaml' || lang === 'yml') {
    for (const m of text.matchAll(/^[ \t]*(?:-[ \t]+)?([A-Za-z_][\w.-]*):(?=\s|$)/gm)) push('key', m[1], m.index);
  } else if (lang === 'toml' || lang === 'ini') {
    for (const m of text.matchAll(/^[ \t]*([A-Za-z_][\w.-]*)[ \t]*=/gm)) push('key', m[1], m.index);
  } else if (lang === 'env' || lang === 'dotenv' || lang === 'properties') {
    for (const m of text.matchAll(/^[ \t]*(?:export[ \t]+)?([A-Za-z_][\w]*)=(.*)$/gm)) {
      push('key', m[1], m.index);
      const value = (m[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
      if (value && value.length <= 80) push('value', value, m.index);
    }
  } else if (lang === 'http') {
    const request = /^[ \t]*((?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ \t]+(\S+).*)$/m.exec(text);
    if (request) {
      push('code', request[1], request.index);
      push('value', request[2], request.index);
    }
    for (const m of text.matchAll(/^([A-Za-z][\w-]*):[ \t]/gm)) push('key', m[1], m.index);
  }
  return facts;
}

/** The facts of a code block, capped at `PER_BLOCK`, in the order they appear. */
export function codeBlockFacts(code: Code): Candidate[] {
  const at = startOf(code);
  const lang = languageOf(code);
  const facts = isShellBlock(code) ? shellFacts(code, at) : dataFacts(code, lang, at);
  const seen = new Set<string>();
  const unique = facts.filter((fact) => {
    if (seen.has(fact.literal)) return false;
    seen.add(fact.literal);
    return true;
  });
  // Offsets inside a block are approximate; number them so source order is the block's order.
  return unique.slice(0, PER_BLOCK).map((fact, i) => ({ ...fact, at: at + i }));
}
