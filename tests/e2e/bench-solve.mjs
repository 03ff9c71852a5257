// Browser solve figures for BENCHMARKS.md: clicks the #/bench page buttons named on the command line
// (solve-63, solve-64, solve-64e) and prints what the worker reports. A benchmark, not a test.
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const server = await serve(new URL('../../dist', import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const page = await browser.newPage();
page.on('pageerror', e => console.log('pageerror:', e.message));
await page.goto(`http://127.0.0.1:${server.address().port}/index.html#/bench`);
for (const b of process.argv.slice(2)) {
  await page.click(`button.${b}`);
  await page.waitForFunction(() => !document.querySelector('button.run-bench').disabled, null, { timeout: 900000 });
  const r = await page.$('.solve-result');
  console.log(b, r ? await r.textContent() : await page.textContent('main'));
}
await browser.close(); server.close();
