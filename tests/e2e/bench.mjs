// Browser figures for BENCHMARKS.md (a benchmark, not a test): worker perft/search speed, wasm
// sizes, time to first render, and the longest main-thread task while a search runs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const server = await serve(dist);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

for (const f of fs.readdirSync(dist).filter((f) => f.endsWith('.wasm'))) {
  const raw = fs.readFileSync(path.join(dist, f));
  console.log(`${f}: ${raw.length} bytes raw, ${zlib.gzipSync(raw, { level: 9 }).length} bytes gzip`);
}

const renders = [];
for (let i = 0; i < 7; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}#/play?rules=kalah-6-4`);
  await page.waitForSelector('svg.board');
  renders.push(await page.evaluate(() => performance.now()));
  await context.close();
}
renders.sort((a, b) => a - b);
console.log(`time to first render (board in the DOM), median of 7: ${renders[3].toFixed(0)} ms (min ${renders[0].toFixed(0)}, max ${renders[6].toFixed(0)})`);

const page = await browser.newPage();
await page.goto(`${base}#/play?rules=kalah-6-6`);
await page.waitForSelector('svg.board');
await page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.longTasks.push(e.duration))).observe({ type: 'longtask', buffered: false });
});
await page.click('button.analyze');
await page.waitForTimeout(5000);
await page.click('button.stop');
const longest = await page.evaluate(() => (window.longTasks.length ? Math.max(...window.longTasks) : 0));
const nodes = await page.textContent('.nodes');
console.log(`main thread during a 5 s analysis of Kalah(6,6): ${await page.evaluate(() => window.longTasks.length)} tasks over 50 ms (longest ${longest.toFixed(0)} ms); worker searched ${nodes} nodes`);

// Native and worker speed on the same workloads, alternated, five runs each; medians and ratio.
import { execFileSync } from 'node:child_process';
const cli = path.resolve(here, '../../target/release/mancala-lab');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (text) => { const m = text.match(/([\d,]+) nodes in ([\d.]+) s/); return Number(m[1].replaceAll(',', '')) / Number(m[2]); };
const native = { perft: [], search: [], endgame: [] }, worker = { perft: [], search: [], endgame: [] };
const tk = { native: { position: [], s10k: [], s100k: [] }, worker: { position: [], s10k: [], s100k: [] } };
await page.goto(`${base}#/bench`);
for (let i = 0; i < 5; i++) {
  const j = JSON.parse(execFileSync(cli, ['bench', '--json']).toString());
  native.perft.push(j.perft.nodes_per_second);
  native.search.push(j.search.nodes_per_second);
  native.endgame.push(j.endgame_search.search.nodes_per_second);
  tk.native.position.push(j.tchoukaillon.position_seconds * 1000);
  tk.native.s10k.push(j.tchoukaillon.s_of_n_10k_seconds * 1000);
  tk.native.s100k.push(j.tchoukaillon.s_of_n_100k_seconds * 1000);
  await page.click('button.run-bench');
  await page.waitForSelector('button.run-bench:not([disabled])', { timeout: 120000 });
  await page.waitForSelector('.search-result');
  worker.perft.push(rate(await page.textContent('.perft-result')));
  worker.search.push(rate(await page.textContent('.search-result')));
  worker.endgame.push(rate(await page.textContent('.endgame-search-result')));
  const t = (await page.textContent('.tchoukaillon-result')).match(/in ([\d.]+) ms; .* in ([\d.]+) ms, .* in ([\d.]+) ms/);
  tk.worker.position.push(Number(t[1]));
  tk.worker.s10k.push(Number(t[2]));
  tk.worker.s100k.push(Number(t[3]));
}
for (const k of ['perft', 'search', 'endgame']) {
  const n = median(native[k]), w = median(worker[k]);
  console.log(`${k}: native ${(n / 1e6).toFixed(2)} M nodes/s, worker ${(w / 1e6).toFixed(2)} M nodes/s (medians of 5), native/worker = ${(n / w).toFixed(2)}`);
}
for (const [k, what] of [['position', 'winning position for 10^12 seeds (every pit)'], ['s10k', 's(n) for n <= 10^4'], ['s100k', 's(n) for n <= 10^5']]) {
  const n = median(tk.native[k]), w = median(tk.worker[k]);
  console.log(`tchoukaillon ${what}: native ${n.toFixed(1)} ms, worker ${w.toFixed(1)} ms (medians of 5), worker/native = ${(w / n).toFixed(2)}`);
}
await browser.close();
server.close();
