/**
 * GitHub Actions expressions, the subset the workflows `ask init` writes use, evaluated as GitHub
 * documents them: property paths (`github.event.pull_request.head.sha`, `labels.*.name`,
 * hyphenated names), string, number, boolean and null literals, `==` and `!=` (loose: other
 * types compared as numbers, strings without regard to case), `&&` and `||` (yielding an
 * operand), `!`, parentheses, `contains()`, `format()` and the status functions. Anything else
 * (another operator, function or context) throws: the harness must never guess.
 */

export type Value = null | boolean | number | string | readonly Value[] | { readonly [key: string]: Value };

export interface ExpressionContext {
  /** The contexts by name (`github`, `env`, `secrets`, `steps`, `needs`, `runner`). */
  readonly contexts: Readonly<Record<string, Value>>;
  /** What the status functions answer: whether a step (or a needed job) before failed, whether the run was cancelled. */
  readonly status: { readonly failed: boolean; readonly cancelled: boolean };
}

type Token = { readonly kind: 'string'; readonly value: string } | { readonly kind: 'number'; readonly value: number } | { readonly kind: 'word'; readonly value: string } | { readonly kind: 'op'; readonly value: string };

const OPERATORS = ['==', '!=', '&&', '||', '!', '(', ')', '[', ']', '.', ',', '*'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    if (rest.startsWith("'")) {
      let value = '';
      let end = 1;
      for (;;) {
        if (end >= rest.length) throw new Error(`unterminated string in expression: ${text}`);
        if (rest[end] === "'") {
          if (rest[end + 1] === "'") {
            value += "'";
            end += 2;
            continue;
          }
          break;
        }
        value += rest[end];
        end += 1;
      }
      tokens.push({ kind: 'string', value });
      at += end + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(rest);
    if (word) {
      tokens.push({ kind: 'word', value: word[0] });
      at += word[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (op === undefined) throw new Error(`the harness does not evaluate '${rest[0] ?? ''}' in expression: ${text}`);
    tokens.push({ kind: 'op', value: op });
    at += op.length;
  }
  return tokens;
}

function truthy(value: Value): boolean {
  if (value === null || value === false || value === 0 || value === '') return false;
  return !(typeof value === 'number' && Number.isNaN(value));
}

function asNumber(value: Value): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value);
  return Number.NaN;
}

function looseEqual(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === 'object' && a !== null) return a === b;
  if (typeof b === 'object' && b !== null) return false;
  if (typeof a === typeof b) return a === b;
  return asNumber(a) === asNumber(b);
}

/** A value as GitHub writes it into a string (an `env:` value, a `with:` input, `format()`). */
export function asString(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function property(value: Value, key: string): Value {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) return null;
  const record = value as { readonly [key: string]: Value };
  return Object.prototype.hasOwnProperty.call(record, key) ? (record[key] ?? null) : null;
}

function format(template: string, args: readonly Value[]): string {
  return template.replace(/\{\{|\}\}|\{(\d+)\}/g, (match, index: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const arg = args[Number(index)];
    if (arg === undefined) throw new Error(`format() has no argument ${index}: ${template}`);
    return asString(arg);
  });
}

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly context: ExpressionContext,
    private readonly text: string,
  ) {}

  parse(): Value {
    const value = this.or();
    if (this.at < this.tokens.length) throw new Error(`unexpected ${JSON.stringify(this.tokens[this.at])} in expression: ${this.text}`);
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token?.kind === 'op' && token.value === value;
  }

  private expect(value: string): void {
    if (!this.isOp(value)) throw new Error(`expected '${value}' in expression: ${this.text}`);
    this.at += 1;
  }

  private or(): Value {
    let left = this.and();
    while (this.isOp('||')) {
      this.at += 1;
      const right = this.and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(): Value {
    let left = this.unary();
    while (this.isOp('&&')) {
      this.at += 1;
      const right = this.unary();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private unary(): Value {
    if (this.isOp('!')) {
      this.at += 1;
      return !truthy(this.unary());
    }
    const left = this.primary();
    if (this.isOp('==') || this.isOp('!=')) {
      const negate = this.isOp('!=');
      this.at += 1;
      const right = this.primary();
      return negate !== looseEqual(left, right);
    }
    return left;
  }

  private primary(): Value {
    const token = this.peek();
    if (token === undefined) throw new Error(`expression ends too soon: ${this.text}`);
    this.at += 1;
    if (token.kind === 'string' || token.kind === 'number') return token.value;
    if (token.kind === 'op') {
      if (token.value !== '(') throw new Error(`unexpected '${token.value}' in expression: ${this.text}`);
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    if (token.value === 'true' || token.value === 'false') return token.value === 'true';
    if (token.value === 'null') return null;
    if (this.isOp('(')) return this.call(token.value);
    return this.path(token.value);
  }

  private call(name: string): Value {
    this.expect('(');
    const args: Value[] = [];
    while (!this.isOp(')')) {
      args.push(this.or());
      if (!this.isOp(')')) this.expect(',');
    }
    this.expect(')');
    const { status } = this.context;
    switch (name) {
      case 'contains': {
        const [search, item] = [args[0] ?? null, args[1] ?? null];
        if (Array.isArray(search)) return (search as readonly Value[]).some((element) => looseEqual(element, item));
        return asString(search).toLowerCase().includes(asString(item).toLowerCase());
      }
      case 'format':
        return format(asString(args[0] ?? null), args.slice(1));
      case 'always':
        return true;
      case 'cancelled':
        return status.cancelled;
      case 'success':
        return !status.failed && !status.cancelled;
      case 'failure':
        return status.failed;
      default:
        throw new Error(`the harness does not evaluate the function ${name}() in expression: ${this.text}`);
    }
  }

  private path(name: string): Value {
    if (!Object.prototype.hasOwnProperty.call(this.context.contexts, name)) throw new Error(`the harness has no context '${name}' here (expression: ${this.text})`);
    let value: Value = this.context.contexts[name] ?? null;
    for (;;) {
      if (this.isOp('.')) {
        this.at += 1;
        const next = this.peek();
        this.at += 1;
        if (next?.kind === 'op' && next.value === '*') {
          const items: readonly Value[] = Array.isArray(value) ? (value as readonly Value[]) : value !== null && typeof value === 'object' ? Object.values(value) : [];
          value = items;
          // a filter: the next property is taken from each item
          if (this.isOp('.')) {
            this.at += 1;
            const key = this.peek();
            this.at += 1;
            if (key?.kind !== 'word') throw new Error(`expected a property after '.*.' in expression: ${this.text}`);
            value = items.map((item) => property(item, key.value));
          }
          continue;
        }
        if (next?.kind !== 'word') throw new Error(`expected a property name in expression: ${this.text}`);
        value = property(value, next.value);
        continue;
      }
      if (this.isOp('[')) {
        this.at += 1;
        const key = this.or();
        this.expect(']');
        value = Array.isArray(value) ? ((value as readonly Value[])[asNumber(key)] ?? null) : property(value, asString(key));
        continue;
      }
      return value;
    }
  }
}

/** The value of an expression (its text, without `${{ }}`). */
export function evaluate(text: string, context: ExpressionContext): Value {
  return new Parser(tokenize(text), context, text).parse();
}

const INTERPOLATION = /\$\{\{([\s\S]*?)\}\}/g;

/** A workflow string with each `${{ }}` replaced by its value as a string. */
export function interpolate(text: string, context: ExpressionContext): string {
  return text.replace(INTERPOLATION, (_, inner: string) => asString(evaluate(inner, context)));
}

/** An `if:` condition: an expression, written bare or as `${{ }}`; true when absent. */
export function condition(value: unknown, context: ExpressionContext): boolean {
  if (value === undefined) return !context.status.failed && !context.status.cancelled;
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') throw new Error(`an if: must be a string, got ${JSON.stringify(value)}`);
  const whole = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(value);
  const text = whole?.[1] ?? value;
  // no status function: GitHub adds success() in front
  const result = truthy(evaluate(text, context));
  return /\b(?:always|cancelled|success|failure)\s*\(/.test(text) ? result : result && !context.status.failed && !context.status.cancelled;
}
