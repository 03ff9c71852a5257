// Dakon figures for BENCHMARKS.md (a benchmark, not a test): the survey of every first turn of
// Dakon-6 and the proofs of Dakon-7's shortest opening (uniform-cost, and depth-first within
// 24 moves), natively (the CLI, one thread for the depth-first proof, as the worker has) and in
// the page's worker (the Dakon lab's buttons), in this one run. Medians of `runs` (default 5)
// for the survey and the depth-first proof, one run each for the uniform-cost proof.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../target/release/mancala-lab');
const runs = Number(process.argv[2] || 5);
const server = await serve(path.resolve(here, '../../dist'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const page = await browser.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

const native = [];
const browserTimes = [];
for (let i = 0; i < runs; i++) {
  native.push(JSON.parse(execFileSync(cli, ['dakon', 'survey', '6', '--json']).toString()).seconds);
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html#/lab/dakon?n=6`);
  await page.click('button.dakon-survey');
  await page.waitForSelector('.dakon-survey-table');
  const caption = await page.textContent('.dakon-survey-table caption');
  browserTimes.push(Number(caption.match(/([\d.]+) s in this browser/)[1]));
}
console.log(`Dakon-6 survey: native median ${median(native).toFixed(3)} s (${native.map((x) => x.toFixed(3)).join(' ')}), browser worker median ${median(browserTimes).toFixed(2)} s (${browserTimes.join(' ')}), ratio ${(median(browserTimes) / median(native)).toFixed(2)}`);

const t = JSON.parse(execFileSync(cli, ['dakon', 'shortest', '7', '--json']).toString());
await page.goto(`http://127.0.0.1:${server.address().port}/index.html#/lab/dakon?n=7`);
await page.click('button.dakon-shortest');
await page.waitForSelector('.dakon-found .verdict', { timeout: 600000 });
const verdict = await page.textContent('.dakon-found .verdict');
const figures = await page.textContent('.dakon-found .help');
console.log(`Dakon-7 shortest: native ${t.moves} moves, proven ${t.proven}, ${t.boards} boards, ${t.seconds.toFixed(2)} s; browser: ${verdict} ${figures}`);
const deepNative = [];
const deepBrowser = [];
for (let i = 0; i < runs; i++) {
  const d = JSON.parse(execFileSync(cli, ['dakon', 'prove-shortest', '7', '--bound', '24', '--threads', '1', '--json']).toString());
  if (!(d.complete && d.line === null)) throw new Error(`native depth-first proof: ${JSON.stringify(d)}`);
  deepNative.push(d.seconds);
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html#/lab/dakon?n=7`);
  await page.fill('input.dakon-bound', '24');
  await page.dispatchEvent('input.dakon-bound', 'change');
  await page.click('button.dakon-prove');
  await page.waitForSelector('.dakon-deep .verdict', { timeout: 600000 });
  const v = await page.textContent('.dakon-deep .verdict');
  if (!v.startsWith('No winning opening has 24 moves or fewer')) throw new Error(`browser depth-first proof: ${v}`);
  deepBrowser.push(Number((await page.textContent('.dakon-deep .help')).match(/([\d.]+) s in this browser/)[1]));
}
console.log(`Dakon-7 depth-first proof within 24 moves, one thread: native median ${median(deepNative).toFixed(2)} s (${deepNative.map((x) => x.toFixed(2)).join(' ')}), browser worker median ${median(deepBrowser).toFixed(2)} s (${deepBrowser.join(' ')}), ratio ${(median(deepBrowser) / median(deepNative)).toFixed(2)}`);
await browser.close();
server.close();
