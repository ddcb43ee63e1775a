/**
 * Named regions of an included file, as VitePress finds them for `<!--@include: ./x.md#name-->`:
 * editor-style folding markers, `<!-- #region name -->` ... `<!-- #endregion -->` in Markdown and
 * HTML, `// #region name` in JS-like code, `# region name` in shell, Python or YAML, and the
 * block-comment form in CSS. The lines strictly between a start and its end belong to the region.
 */

interface MarkerStyle {
  readonly start: RegExp;
  readonly end: RegExp;
}

const MARKER_STYLES: readonly MarkerStyle[] = [
  { start: /^\s*<!--\s*#?region\b\s*(.*?)\s*-->/, end: /^\s*<!--\s*#?endregion\b\s*(.*?)\s*-->/ },
  { start: /^\s*\/\/\s*#?region\b\s*(.*?)\s*$/, end: /^\s*\/\/\s*#?endregion\b\s*(.*?)\s*$/ },
  { start: /^\s*#\s*(?:pragma\s+)?region\b\s*(.*?)\s*$/i, end: /^\s*#\s*(?:pragma\s+)?end\s?region\b\s*(.*?)\s*$/i },
  { start: /^\s*\/\*\s*#region\b\s*(.*?)\s*\*\//, end: /^\s*\/\*\s*#endregion\b\s*(.*?)\s*\*\// },
];

/** Lines `[start, end)` of one region. */
export interface LineSpan {
  readonly start: number;
  readonly end: number;
}

interface OpenRegion {
  readonly name: string;
  readonly start: number;
  readonly style: MarkerStyle;
}

function markerName(line: string, pattern: (style: MarkerStyle) => RegExp): { name: string; style: MarkerStyle } | null {
  for (const style of MARKER_STYLES) {
    const match = pattern(style).exec(line);
    if (match) return { name: match[1] ?? '', style };
  }
  return null;
}

/**
 * Every region called `name`, in document order. An end marker naming a region closes the
 * innermost one of that name; an unnamed one closes the innermost region opened in its own
 * marker style. A region nested in another of the same name counts once, as the outer span.
 */
export function findRegions(lines: readonly string[], name: string): LineSpan[] {
  const found: LineSpan[] = [];
  const open: OpenRegion[] = [];
  lines.forEach((line, index) => {
    if (!/region/i.test(line)) return;
    const start = markerName(line, (style) => style.start);
    if (start) {
      open.push({ name: start.name, start: index + 1, style: start.style });
      return;
    }
    const end = markerName(line, (style) => style.end);
    if (!end || open.length === 0) return;
    const at = end.name !== '' ? open.findLastIndex((region) => region.name === end.name) : open.findLastIndex((region) => region.style === end.style);
    if (at === -1) return;
    const [closed] = open.splice(at);
    if (closed && closed.name === name && !open.some((region) => region.name === name)) found.push({ start: closed.start, end: index });
  });
  return found;
}
