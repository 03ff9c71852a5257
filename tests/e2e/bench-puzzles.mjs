// The puzzle trainer's load time (BENCHMARKS.md, Puzzles): opened cold in a fresh context (the app, the
// labs' code and one rule set's file fetched, to the board on screen), and from a game page
// already running; five runs each, medians. Build dist/ first (make build, or make test's page).
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const server = await serve(new URL('../../dist', import.meta.url).pathname);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const cold = [], fromGame = [];
for (let i = 0; i < 5; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  let t = Date.now();
  await page.goto(base + '#/puzzles?id=kalah-6-4-b1689bed');
  await page.waitForSelector('.trainer svg.board', { timeout: 60000 });
  cold.push(Date.now() - t);
  await ctx.close();
  const ctx2 = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const p2 = await ctx2.newPage();
  await p2.goto(base + '#/play?rules=kalah-6-4');
  await p2.waitForSelector('svg.board');
  t = Date.now();
  await p2.evaluate(() => { location.hash = '#/puzzles'; });
  await p2.waitForSelector('.trainer svg.board', { timeout: 60000 });
  fromGame.push(Date.now() - t);
  await ctx2.close();
}
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log('cold', cold, 'median', med(cold), '| from a game page', fromGame, 'median', med(fromGame));
await browser.close();
server.close();
