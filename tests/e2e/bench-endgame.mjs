// Benchmark: Awari's endgame databases to SEEDS seeds (default 15) built in the page's worker,
// in a fresh browser profile (nothing cached), then loaded from IndexedDB after a reload.
// node tests/e2e/bench-endgame.mjs [SEEDS] [RUNS]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seeds = Number(process.argv[2] || 15);
const runs = Number(process.argv[3] || 1);
const { server, base, browser } = await benchPage(path.resolve(here, '../../dist'));
for (let run = 0; run < runs; run++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(base + '#/play?rules=awari&setup=1.0.0.2.0.1-0.1.1.0.2.0-20.20-s');
  await page.waitForSelector('.endgame-held');
  await page.fill('.endgame input', String(seeds));
  const t = Date.now();
  await page.click('.endgame-build-button');
  await page.waitForFunction((s) => document.querySelector('.endgame-held')?.textContent.includes(`Built to ${s} seeds`), seeds, { timeout: 600000 });
  const wall = Date.now() - t;
  await page.reload();
  const t2 = Date.now();
  await page.waitForFunction((s) => document.querySelector('.endgame-held')?.textContent.includes(`Built to ${s} seeds`), seeds, { timeout: 120000 });
  const load = Date.now() - t2;
  console.log(JSON.stringify({ seeds, build_wall_ms: wall, cached_load_ms: load }));
  await ctx.close();
}
await browser.close();
server.close();
