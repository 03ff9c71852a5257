// Screenshots of the pages for a person to look at (not a test): node tests/e2e/shots.mjs OUT_DIR
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] || path.join(here, 'artifacts'));
fs.mkdirSync(out, { recursive: true });
const server = await serve(path.resolve(here, '../../dist'));
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const logs = [];
async function shot(name, hash, { width = 1280, height = 800, full = false, act } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  page.on('console', (m) => logs.push(`${name}: ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`${name}: pageerror: ${e.message}`));
  await page.goto(base + hash);
  await page.waitForSelector('main');
  if (act) await act(page);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: full });
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  logs.push(`${name}: page scrollWidth ${scroll} (viewport ${width})`);
  await ctx.close();
}
const hint = async (page) => {
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
};
await shot('kalah-hints-laptop', '#/play?rules=kalah-6-4&moves=cf', { act: hint });
await shot('kalah-hints-phone', '#/play?rules=kalah-6-4&moves=cf', { width: 390, height: 844, act: hint, full: true });
await shot('kalah-12-phone', '#/play?rules=kalah-12-4', { width: 390, height: 844 });
await shot('dakon-hints', '#/play?rules=dakon-2&setup=1.1-1.3-2.0-s', { act: hint });
await shot('tchouk', '#/play?rules=tchoukaillon', { act: async (p) => { await hint(p); await p.click('.new-game summary'); }, full: true });
await shot('solved-kalah-phone', '#/lab/solved-kalah', { width: 390, height: 844 });
await shot('home', '#/', { full: true });
await shot('bench', '#/bench');
await shot('over', '#/play?rules=kalah-1-1&moves=a');
console.log(logs.join('\n'));
await browser.close();
server.close();
