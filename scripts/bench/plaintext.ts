/**
 * Time of the inbox's Markdown-to-plain-text conversion on adversarial input
 * (issue 11, defect 1): runs of unclosed `[`, which made the regular
 * expressions it replaced scan the rest of the text once per bracket.
 *
 *   npx tsx scripts/bench/plaintext.ts
 *
 * Prints the median milliseconds for 100k, 200k and 400k `[` (and two other
 * adversarial shapes); linear growth doubles the time with the size. Exits 1
 * when 400k takes more than 8 times as long as 100k (linear: about 4;
 * quadratic: about 16). For contrast it times the old regular expressions on
 * inputs ten times smaller, where their growth is already quadratic.
 */
import { markdownToPlainText } from '../../platform/markdown-plain-text.ts';

const SIZES = [100_000, 200_000, 400_000] as const;
const RUNS = 7;
/** 400k against 100k: the bound the benchmark holds (4 when linear, 16 when quadratic). */
const MAX_GROWTH = 8;

const SHAPES: Readonly<Record<string, (n: number) => string>> = {
  'unclosed [': (n) => '['.repeat(n),
  '[x]( never closed': (n) => '[x]('.repeat(Math.ceil(n / 4)),
  'unclosed *a': (n) => '*a'.repeat(Math.ceil(n / 2)),
};

/** The conversion the platform used before, kept here only to show what it cost. */
function regexPlainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`|~~)(.+?)\1/g, '$2')
    .replace(/^#{1,6}\s+/gm, '');
}

function medianMs(convert: (text: string) => string, text: string, runs: number): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    convert(text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

// Warm the JIT first, so the smallest size is not charged for it.
for (const build of Object.values(SHAPES)) markdownToPlainText(build(SIZES[0]));

let failed = false;
for (const [shape, build] of Object.entries(SHAPES)) {
  const times = SIZES.map((size) => medianMs((text) => markdownToPlainText(text), build(size), RUNS));
  const growth = (times[2] ?? Number.NaN) / Math.max(times[0] ?? Number.NaN, 0.01);
  const line = SIZES.map((size, index) => `${size / 1000}k ${(times[index] ?? Number.NaN).toFixed(2)} ms`).join(', ');
  process.stdout.write(`plaintext ${shape}: ${line}; 400k/100k = ${growth.toFixed(1)}\n`);
  if (!(growth <= MAX_GROWTH)) failed = true;
}

const regexSizes = SIZES.map((size) => size / 10);
const regexTimes = regexSizes.map((size) => medianMs(regexPlainText, '['.repeat(size), 3));
process.stdout.write(`old regular expressions, unclosed [: ${regexSizes.map((size, index) =>
  `${size / 1000}k ${(regexTimes[index] ?? Number.NaN).toFixed(2)} ms`).join(', ')}\n`);

if (failed) {
  process.stdout.write(`FAIL: the conversion grew more than ${MAX_GROWTH}x from 100k to 400k characters\n`);
  process.exitCode = 1;
}
