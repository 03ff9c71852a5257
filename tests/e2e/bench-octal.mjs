// Benchmark: the octal game .37 to N heap sizes (default 10⁶) in the Erickson lab's worker, in
// a fresh browser profile each run; prints the seconds the page reports.
// node tests/e2e/bench-octal.mjs [N] [RUNS]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const n = Number(process.argv[2] || 1000000);
const runs = Number(process.argv[3] || 1);
const { server, base, browser } = await benchPage(path.resolve(here, '../../dist'));
for (let run = 0; run < runs; run++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(base + '#/lab/erickson');
  await page.waitForSelector('.erickson > .verdict', { timeout: 120000 });
  await page.fill('.octal-n', String(n));
  await page.click('.octal-start');
  await page.waitForSelector('.octal-result', { timeout: 600000 });
  const verdict = await page.textContent('.octal-result .verdict');
  const seconds = Number(verdict.match(/in ([0-9.]+) s in the worker/)[1]);
  console.log(JSON.stringify({ n, seconds, verdict }));
  await ctx.close();
}
await browser.close();
server.close();
