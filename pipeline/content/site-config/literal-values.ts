/**
 * The literal values of a JavaScript or TypeScript config module, read without running it: the
 * module's types are stripped (esbuild's transform, JSX turned into `createElement` calls), the
 * result parsed (acorn), and object, array, string, number, boolean and null literals read from
 * the syntax tree. Anything that is not a literal (a call, a variable from elsewhere, a template
 * with a placeholder) reads as `undefined`, so a reader takes only what the file states.
 */
import { parse, type Expression, type Node, type Program, type SpreadElement } from 'acorn';
import { transformSync, type Loader } from 'esbuild';

/** What a literal reads as: JSON-like values; parts that are not literals are left out. */
export type LiteralValue = string | number | boolean | null | readonly LiteralValue[] | { readonly [key: string]: LiteralValue };

/** A config module's literal values. */
export interface ConfigModule {
  /**
   * The value the module exports as its default (`export default`, `module.exports =`), through
   * wrapper calls (`defineConfig({...})`, `withMermaid(defineConfig({...}))`: their first
   * argument) and top-level constants (`const config = {...}; export default config`).
   */
  readonly defaultExport: LiteralValue | undefined;
  /** The first argument of the first call of a function named `callee` anywhere in the module (`starlight({...})`). */
  argumentOf(callee: string): LiteralValue | undefined;
}

const LOADERS: Readonly<Record<string, Loader>> = { ts: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', jsx: 'jsx', js: 'jsx', mjs: 'jsx', cjs: 'jsx' };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every node under `root`, depth first, in source order. */
function* nodesOf(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* nodesOf(item);
    } else if (isNode(value)) {
      yield* nodesOf(value);
    }
  }
}

/** A property key as written: an identifier, a string or a number; null for a computed one. */
function keyName(key: Expression, computed: boolean): string | null {
  if (key.type === 'Identifier' && !computed) return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return null;
}

/** The name a call's callee ends in: `starlight(...)`, `React.createElement(...)`. */
function calleeName(callee: Expression | { type: 'Super' }): string | null {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

class LiteralReader {
  private readonly constants = new Map<string, Expression>();
  private readonly resolving = new Set<string>();

  constructor(private readonly program: Program) {
    for (const statement of program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier' && declarator.init) this.constants.set(declarator.id.name, declarator.init);
      }
    }
  }

  /** The literal value of an expression (see the module comment). */
  value(node: Expression | SpreadElement | null | undefined): LiteralValue | undefined {
    if (!node) return undefined;
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'string' || typeof node.value === 'number' || typeof node.value === 'boolean' || node.value === null ? node.value : undefined;
      case 'TemplateLiteral':
        return node.expressions.length === 0 ? node.quasis.map((quasi) => quasi.value.cooked ?? '').join('') : undefined;
      case 'ArrayExpression':
        return node.elements.map((element) => this.value(element)).filter((value): value is LiteralValue => value !== undefined);
      case 'ObjectExpression': {
        const entries: [string, LiteralValue][] = [];
        for (const property of node.properties) {
          if (property.type !== 'Property' || property.kind !== 'init') continue;
          const key = keyName(property.key, property.computed);
          const value = this.value(property.value);
          if (key !== null && value !== undefined) entries.push([key, value]);
        }
        return Object.fromEntries(entries);
      }
      case 'Identifier':
        return this.constant(node.name);
      case 'CallExpression':
        // JSX (`<span>Docs</span>`): the literal text of its children
        if (calleeName(node.callee) === 'createElement') return this.elementText(node.arguments.slice(2));
        return undefined;
      default:
        return undefined;
    }
  }

  /** A top-level `const` by name, read once at a time (a constant that refers to itself is unknown). */
  private constant(name: string): LiteralValue | undefined {
    const init = this.constants.get(name);
    if (init === undefined || this.resolving.has(name)) return undefined;
    this.resolving.add(name);
    try {
      return this.value(init);
    } finally {
      this.resolving.delete(name);
    }
  }

  private elementText(children: readonly (Expression | SpreadElement)[]): string | undefined {
    const texts = children.map((child) => this.value(child)).filter((text): text is string => typeof text === 'string');
    const text = texts.join('').replace(/\s+/g, ' ').trim();
    return text === '' ? undefined : text;
  }

  /** The config object behind a wrapper call or a constant: the first argument, call after call. */
  unwrapped(node: Expression | null | undefined): LiteralValue | undefined {
    let current = node;
    for (let depth = 0; current && depth < 8; depth += 1) {
      if (current.type === 'CallExpression') {
        const first = current.arguments[0];
        current = first === undefined || first.type === 'SpreadElement' ? undefined : first;
      } else if (current.type === 'Identifier' && this.constants.has(current.name)) {
        current = this.constants.get(current.name);
      } else if (current.type === 'ArrowFunctionExpression' && current.body.type !== 'BlockStatement') {
        current = current.body; // `defineConfig(() => ({...}))`
      } else {
        return this.value(current);
      }
    }
    return undefined;
  }

  defaultExport(): LiteralValue | undefined {
    for (const statement of this.program.body) {
      if (statement.type === 'ExportDefaultDeclaration') {
        const { declaration } = statement;
        return declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration' ? undefined : this.unwrapped(declaration);
      }
      if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
      const { left, right } = statement.expression;
      if (left.type === 'MemberExpression' && left.object.type === 'Identifier' && left.object.name === 'module' && left.property.type === 'Identifier' && left.property.name === 'exports') {
        return this.unwrapped(right);
      }
    }
    return undefined;
  }

  argumentOf(callee: string): LiteralValue | undefined {
    for (const node of nodesOf(this.program)) {
      if (node.type !== 'CallExpression') continue;
      const call = node as Node & { callee: Expression; arguments: (Expression | SpreadElement)[] };
      if (call.callee.type === 'Identifier' && call.callee.name === callee) return this.value(call.arguments[0]);
    }
    return undefined;
  }
}

/** The extension of a file name, lower case, without the dot. */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Reads a JavaScript or TypeScript config module's literals (`fileName` decides the dialect by
 * its extension). Null when the text is not a module this can parse.
 */
export function readConfigModule(fileName: string, text: string): ConfigModule | null {
  let program: Program;
  try {
    const { code } = transformSync(text, { loader: LOADERS[extensionOf(fileName)] ?? 'ts', sourcefile: fileName });
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true });
  } catch {
    return null;
  }
  const reader = new LiteralReader(program);
  return { defaultExport: reader.defaultExport(), argumentOf: (callee) => reader.argumentOf(callee) };
}

/** True for a plain object value (not an array). */
export function isRecord(value: LiteralValue | undefined): value is { readonly [key: string]: LiteralValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string at `key` of an object value, trimmed; undefined when it is not a non-empty string. */
export function stringAt(value: LiteralValue | undefined, key: string): string | undefined {
  const found = isRecord(value) ? value[key] : undefined;
  return typeof found === 'string' && found.trim() !== '' ? found.trim() : undefined;
}
