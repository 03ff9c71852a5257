// What opening a route costs the end-to-end tests, on the built page (dist/): a fresh browser
// context, a new page in one context, and a change of the address's hash on one page (BENCHMARKS.md,
// "Build and test times"). Usage: node scripts/e2e-open-cost.mjs
import { chromium } from 'playwright-core';
import { serve } from '../tests/e2e/serve.mjs';
import path from 'node:path';
const dist = path.resolve('dist');
const server = await serve(dist);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const t = () => performance.now();
const hashes = ['#/play?rules=kalah-6-4', '#/play?rules=oware-6-4', '#/play?rules=dakon-8', '#/play?rules=sowing', '#/play?rules=awari'];
let a = t();
for (const h of hashes) { const c = await browser.newContext(); const p = await c.newPage(); await p.goto(base + h); await p.waitForSelector('svg.board'); await c.close(); }
console.log('new context each', ((t() - a) / hashes.length).toFixed(0), 'ms');
const c = await browser.newContext();
a = t();
for (const h of hashes) { const p = await c.newPage(); await p.goto(base + h); await p.waitForSelector('svg.board'); await p.close(); }
console.log('new page, one context', ((t() - a) / hashes.length).toFixed(0), 'ms');
const p = await c.newPage(); await p.goto(base + '#/'); await p.waitForSelector('.game-card');
a = t();
for (const h of hashes) { await p.evaluate((h) => { location.hash = h; }, h); await p.waitForFunction((h) => location.hash === h && document.querySelector('svg.board'), h); }
console.log('hash change', ((t() - a) / hashes.length).toFixed(0), 'ms');
await browser.close(); server.close();
