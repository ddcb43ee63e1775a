/**
 * What `/sections?budget=N&q=` costs on a large digest (issue 23, item 3): the time of one
 * request, the time ten concurrent anonymous requests hold the server, and the body size, for a
 * small budget and for the largest one a client can ask (2^53 - 1 tokens, served as
 * `MAX_BUDGET_TOKENS` since the cap).
 *
 *   tsx scripts/generate-corpus.ts --pages 8000 --out /tmp/corpus8k --seed 1
 *   ask digest build --provider offline --generator plain --content /tmp/corpus8k --out /tmp/digest8k
 *   tsx scripts/bench/budget-route.ts --digest /tmp/digest8k [--query cache]
 *
 * Run it in a checkout of the revision before the change for the figures before (README,
 * "Budget route").
 */
import { parseArgs } from 'node:util';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';

const { values } = parseArgs({ options: { digest: { type: 'string' }, query: { type: 'string', default: 'cache' }, runs: { type: 'string', default: '5' } } });
if (values.digest === undefined) throw new Error('budget-route: --digest DIR is required');
const handler = createNodeAskHandler({ digestDir: values.digest, processEnv: {}, log: () => {} });
const runs = Number(values.runs);

async function request(budget: string): Promise<number> {
  const response = await handler(new Request(`http://local/api/ask/sections?budget=${budget}&q=${encodeURIComponent(values.query)}`));
  return (await response.arrayBuffer()).byteLength;
}

async function measure(label: string, budget: string): Promise<void> {
  let bytes = await request(budget); // warm: the digest parsed, the tables open
  const single: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    bytes = await request(budget);
    single.push(performance.now() - started);
  }
  single.sort((a, b) => a - b);
  const started = performance.now();
  // as many at once as the gate lets through and waits for: ten anonymous clients
  await Promise.allSettled(Array.from({ length: 10 }, () => request(budget)));
  const ten = performance.now() - started;
  const median = single[Math.floor(single.length / 2)] ?? 0;
  console.log(`${label}: ${median.toFixed(1)} ms a request (median of ${runs}), ten at once ${ten.toFixed(0)} ms, ${(bytes / 1e6).toFixed(2)} MB`);
}

await measure('budget=4000', '4000');
await measure('budget=2^53-1', '9007199254740991');
