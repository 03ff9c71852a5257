// Analysis figures for BENCHMARKS.md (a benchmark, not a test): the exact value of every move
// of each start position named on the command line (e.g. kalah-6-3 kalah-6-4), natively on 1
// and 2 threads (`mancala-lab solve RULES --threads T`), and on the play page's Solve button
// with 1 and 2 workers (root moves shared, 768 MiB in all), one after the other in one run.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../target/release/mancala-lab');
const server = await serve(path.resolve(here, '../../dist'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const base = `http://127.0.0.1:${server.address().port}/index.html`;
for (const rules of process.argv.slice(2)) {
  const times = {};
  for (const threads of ['1', '2']) {
    const n = JSON.parse(execFileSync(cli, ['solve', rules, '--threads', threads, '--json']).toString());
    times[`native ${threads}`] = n.seconds;
    console.log(`native  ${rules} ${threads} thread(s): value ${n.value}, ${n.nodes} nodes in ${n.seconds.toFixed(2)} s (${(n.nodes / n.seconds / 1e6).toFixed(2)} M nodes/s)`);
  }
  for (const workers of ['1', '2']) {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    await page.goto(`${base}#/play?rules=${rules}`);
    await page.waitForSelector('svg.board');
    await page.selectOption('select[aria-label="Solver workers"]', workers);
    await page.click('button.solve');
    await page.waitForFunction(() => /Done|error/.test(document.querySelector('.search-info')?.textContent || ''), null, { timeout: 1800000 });
    const ms = Number(await page.getAttribute('.elapsed', 'data-ms'));
    const nodes = Number(await page.getAttribute('.nodes', 'data-nodes'));
    const memory = await page.textContent('.memory-used');
    const value = await page.textContent('.value');
    times[`browser ${workers}`] = ms / 1000;
    console.log(`browser ${rules} ${workers} worker(s): ${value.trim()}; ${nodes} nodes in ${(ms / 1000).toFixed(2)} s (${(nodes / ms / 1e3).toFixed(2)} M nodes/s), ${memory}`);
    await page.close();
  }
  const r = (a, b) => (times[a] / times[b]).toFixed(2);
  console.log(`${rules}: browser/native 1 = ${r('browser 1', 'native 1')}, 2 = ${r('browser 2', 'native 2')}; speed-up of 2 over 1: native ${r('native 1', 'native 2')}, browser ${r('browser 1', 'browser 2')}`);
}
await browser.close();
server.close();
