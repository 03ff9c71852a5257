// Solve figures for BENCHMARKS.md (a benchmark, not a test): for each position named on the
// command line (kalah-6-3, kalah-6-4, kalah-6-4-e), the native CLI's solve on one thread and
// the browser worker's (the #/bench page's buttons), one after the other in this one run,
// with the ratio.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../target/release/mancala-lab');
const buttons = { 'kalah-6-3': 'solve-63', 'kalah-6-4': 'solve-64', 'kalah-6-4-e': 'solve-64e' };
const server = await serve(path.resolve(here, '../../dist'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const page = await browser.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`http://127.0.0.1:${server.address().port}/index.html#/bench`);
for (const rules of process.argv.slice(2)) {
  const n = JSON.parse(execFileSync(cli, ['solve', rules, '--value-only', '--threads', '1', '--json']).toString());
  console.log(`native  ${rules}: value ${n.value}, ${n.nodes} nodes in ${n.seconds.toFixed(2)} s (table ${n.table_bytes >> 20} MiB, database ${n.db_bytes >> 20} MiB, ${n.db_filled} entries filled)`);
  await page.click(`button.${buttons[rules]}`);
  // The result shows once the solve ends (the one before it hides while this one runs).
  await page.waitForSelector('p.running', { timeout: 30000 });
  await page.waitForSelector('p.solve-result', { timeout: 900000 });
  const text = await page.textContent('.solve-result');
  const secs = Number(text.match(/in ([\d.]+) s/)[1]);
  console.log(`browser ${text}`);
  console.log(`browser / native = ${(secs / n.seconds).toFixed(2)}`);
}
await browser.close();
server.close();
