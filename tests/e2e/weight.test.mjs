// End-to-end: what a visit downloads (issue 28's budget, in bytes gzip -9, as a server that
// compresses sends them). A first visit to a game fetches the app, its scripts and its style
// sheet — at most 400 KB in all, as the README says — and neither the worker nor
// the labs' code: the worker comes with the first search, the labs' code with the first lab.
// The service worker fetches the rest for offline use only once the page is idle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { setup, env, dist, drained, noAnimation } from './helpers.mjs';

setup();

const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const name = (url) => decodeURIComponent(new URL(url).pathname.split('/').pop() || 'index.html');

test('a first visit to a game downloads at most 400 KB, the README\'s figure (the app\'s wasm included); the worker and the labs come when used', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const fetched = [];
  page.on('request', (r) => { if (new URL(r.url()).origin === new URL(env.base).origin) fetched.push(name(r.url())); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.base}index.html#/play?rules=kalah-6-4`);
  await page.waitForSelector('svg.board');
  await page.waitForLoadState('networkidle');
  const first = [...new Set(fetched)];
  const sizes = first.filter((f) => fs.existsSync(path.join(dist, f))).map((f) => [f, gzip(f)]);
  const total = sizes.reduce((s, [, n]) => s + n, 0);
  const app = sizes.find(([f]) => /^app-.*_bg\.wasm$/.test(f));
  console.log(`first visit: ${total} bytes gzip in ${sizes.length} files: ${sizes.map(([f, n]) => `${f} ${n}`).join(', ')}`);
  assert.ok(app, `the app's wasm was fetched: ${first}`);
  assert.ok(app[1] <= 400_000, `the app's wasm is ${app[1]} bytes gzip, over 400 KB`);
  assert.ok(total <= 400_000, `a first visit downloads ${total} bytes gzip, over 400 KB`);
  assert.ok(!first.some((f) => /^(worker|labs)/.test(f)), `no worker and no lab code before they are used: ${first}`);

  // The first search brings the worker; the first lab brings the labs' code, and draws.
  await noAnimation(page);
  await page.click('#pit-s-1');
  await page.click('button.analyze');
  await page.waitForFunction(() => Number(document.querySelector('.depth')?.textContent || 0) >= 2, null, { timeout: 30000 });
  await page.click('button.stop');
  assert.ok(fetched.includes('worker_bg.wasm'), 'the search fetched the worker');
  assert.ok(!fetched.some((f) => f.startsWith('labs')), 'still no lab code');
  await page.evaluate(() => { location.hash = '#/lab/hanoi?n=4'; });
  await page.waitForSelector('.hanoi-table .verdict', { timeout: 60000 });
  assert.ok(fetched.includes('labs_bg.wasm') && fetched.includes('labs.js'), 'the lab fetched the labs code');
  console.log(`the labs' code: ${gzip('labs_bg.wasm') + gzip('labs.js') + gzip('labs_loader.js')} bytes gzip; the worker: ${gzip('worker_bg.wasm') + gzip('worker.js') + gzip('worker_loader.js')} bytes gzip`);
  // Back to a game: the lab's page is gone, the game's board is back.
  await page.evaluate(() => { location.hash = '#/play?rules=kalah-4-3'; });
  await page.waitForSelector('svg.board');
  assert.equal(await page.$$eval('#lab *', (e) => e.length), 0, 'the lab page is gone');
  assert.deepEqual(errors, []);
  await context.close();
});

// The normal case: the service worker allowed, every byte counted where it is sent (the
// server's own list, which sees the page, its workers and its service worker alike).
test('a first visit, service worker allowed: at most 400 KB before the board is interactive, nothing more until idle, then the offline set', async () => {
  const gz = (files) => files.filter((f) => fs.existsSync(path.join(dist, f))).reduce((s, f) => s + gzip(f), 0);
  const report = [];
  for (const rules of ['kalah-6-4', 'oware', 'awari', 'dakon-8', 'tchoukaillon', 'sowing', 'atomic', 'reaping', 'colour', 'grid']) {
    const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    // The moment a pit can first be played, taken by the page itself.
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('svg.board [role=button]')) {
          window.interactiveAt = performance.now();
          obs.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const from = env.server.served.length;
    await page.goto(`${env.base}index.html#/play?rules=${rules}`);
    await page.waitForFunction(() => window.interactiveAt !== undefined);
    // What was asked for before that moment (the page and the files it loaded).
    const before = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.startTime <= window.interactiveAt).map((e) => decodeURIComponent(new URL(e.name).pathname.split('/').pop())));
    const first = ['index.html', ...new Set(before)];
    const bytes = gz(first);
    report.push(`${rules} ${bytes}`);
    assert.ok(bytes <= 400_000, `${rules}: ${bytes} bytes gzip before the board is interactive (${first.join(', ')})`);
    assert.ok(!first.some((f) => /^(worker|labs|sw)/.test(f)), `${rules}: only the app before the board: ${first}`);
    await drained(page);
    if (['kalah-6-4', 'oware', 'awari', 'dakon-8', 'tchoukaillon'].includes(rules)) {
      // No search starts by itself here: no worker, and no service worker yet.
      const sent = env.server.served.slice(from);
      assert.ok(!sent.some((f) => /^(worker|labs|sw)/.test(f)), `${rules}: nothing more on load: ${sent}`);
    }
    if (rules === 'kalah-6-4') {
      // Idle a few seconds: the service worker comes, and keeps every file for offline use.
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });
      await page.waitForFunction(async () => (await caches.keys()).length > 0 && (await (await caches.open((await caches.keys())[0])).keys()).length > 10);
      const all = [...new Set(env.server.served.slice(from))];
      const offline = gz(all);
      assert.ok(all.includes('worker_bg.wasm') && all.includes('labs_bg.wasm'), `the offline set: ${all}`);
      console.log(`first visit to Kalah: ${bytes} bytes gzip before the board is interactive; the whole offline set ${offline} bytes gzip in ${all.length} files`);
    }
    await context.close();
  }
  console.log(`before the board is interactive (bytes gzip): ${report.join(', ')}`);
});
