// End-to-end: the page under its Content-Security-Policy (no inline script), installable (a
// manifest) and usable offline (a service worker precaches every built file): loaded once,
// the network cut, reloaded, and it still plays, solves and opens a lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, noAnimation } from './helpers.mjs';

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

test('installable and offline: a manifest, and after one visit the page plays, solves and opens a lab without the network', async () => {
  const page = await open('#/play?rules=kalah-4-3');
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assert.equal(manifest.name, 'Mancala Lab');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.length > 0);
  // The service worker installed, every file cached, and in control of the page.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await page.context().setOffline(true);
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
  assert.equal(await page.evaluate(() => navigator.onLine), false, 'still offline');
  await page.context().close();
});
