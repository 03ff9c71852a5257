// End-to-end: the page under its Content-Security-Policy (no inline script), installable (a
// manifest) and usable offline (a service worker precaches every built file): loaded once,
// the host taken down (every request answered 503 and counted), reloaded, and it still plays,
// solves and opens a lab with nothing served.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, noAnimation, dist } from './helpers.mjs';
import { serve } from './serve.mjs';

setup();

test('the page works under a strict Content-Security-Policy: no inline script, no violation', async () => {
  const page = await open('#/play?rules=kalah-4-3', { wait: 'html' });
  await page.evaluate(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.waitForSelector('svg.board');
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
  assert.equal(await page.$$eval('script:not([src])', (s) => s.length), 0, 'no inline script');
  await noAnimation(page);
  await page.click('#pit-s-1');
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  await page.evaluate(() => { location.hash = '#/lab/hanoi?n=4'; });
  await page.waitForSelector('.hanoi-table .verdict', { timeout: 60000 });
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(page.console.filter((m) => /Content.Security.Policy/i.test(m)), [], 'no violation logged while loading');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('installable and offline: a manifest, and after one visit the page plays, solves and opens a lab with the server down', async (t) => {
  // A server of its own, to take down: every request it gets after that is counted.
  const server = await serve(dist);
  t.after(() => { server.closeAllConnections(); server.close(); });
  const base = `http://127.0.0.1:${server.address().port}/index.html`;
  const page = await open('#/play?rules=kalah-4-3', { base });
  t.after(() => page.context().close());
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assert.equal(manifest.name, 'Mancala Lab');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.length > 0);
  // The service worker installed (every file cached) and in control of the page.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  for (const f of ['worker_bg.wasm', 'labs_bg.wasm']) assert.ok(server.served.includes(f), `${f} cached: ${server.served}`);
  // The host goes down: it answers every request with 503, and counts them.
  const served = server.served.length;
  server.refusing = true;
  await page.reload();
  await page.waitForSelector('svg.board', { timeout: 30000 });
  await noAnimation(page);
  await page.click('#pit-s-1');
  await page.waitForFunction(() => /moves=b/.test(location.hash));
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  assert.match(await page.textContent('.value'), /\(proven\)/);
  await page.evaluate(() => { location.hash = '#/lab/hanoi?n=4'; });
  await page.waitForSelector('.hanoi-table .verdict', { timeout: 60000 });
  // Nothing served since: the page, the search worker and the labs' code all came from the
  // service worker's cache. The only requests the host saw are the reload's own (the page is
  // asked of the network first, so that a new build shows at once) and, when the browser
  // chooses to make one, its check for a new service worker (/sw.js, never cached).
  assert.equal(server.served.length, served, `served after going down: ${server.served.slice(served)}`);
  assert.deepEqual(server.refused.filter((r) => r !== '/sw.js'), ['/index.html'], `refused: ${server.refused}`);
  assert.deepEqual(page.errors, []);
});
