// End-to-end: Links: a copied link in a fresh page, broken links, percent-decoding, the page under a sub-path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './serve.mjs';
import { setup, env, count, dist, noAnimation, open, soon } from './helpers.mjs';

setup();

test('a copied link opens the same game in a fresh page', async () => {
  const page = await open('#/play?rules=kalah-6-4-e');
  await noAnimation(page);
  for (const id of ['pit-s-2', 'pit-s-5', 'pit-n-1', 'pit-s-0']) {
    if (await page.getAttribute(`#${id}`, 'role') === 'button') await page.click(`#${id}`);
  }
  await page.click('.ply >> nth=2'); // back to ply 2
  await page.click('button.copy-link');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.inputValue('.link'));
  assert.match(link, /rules=kalah-6-4-e&moves=[a-l]+&ply=2/);
  const cells = await page.$$eval('svg.board g[data-count]', (els) => els.map((e) => e.getAttribute('aria-label')));
  const moves = await page.$$eval('.move-list .ply', (els) => els.length);
  const other = await env.browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  await fresh.waitForSelector('svg.board');
  assert.deepEqual(await fresh.$$eval('svg.board g[data-count]', (els) => els.map((e) => e.getAttribute('aria-label'))), cells);
  assert.equal(await fresh.$$eval('.move-list .ply', (els) => els.length), moves);
  assert.equal(await fresh.textContent('.ply.current'), await page.textContent('.ply.current'));
  assert.equal(await fresh.$('.link-error'), null);
  await other.close();
  await page.context().close();
});

test('broken links say what is wrong and leave a usable board', async () => {
  const cases = [
    ['#/play?rules=kalah-6-4&moves=cfz', /moves: move 3 'z' is not a pit: this board's pits are a to f/, 3],
    ['#/play?rules=kalah-6-4&moves=cc', /moves: move 2 \(c\) is illegal: pit c is empty; the moves are valid up to move 1/, 2],
    ['#/play?rules=kalah-77-4', /rules: .*77 pits per side is out of range/, 1],
    ['#/play?rules=chess', /rules: unknown rules 'chess'/, 1],
    ['#/play?rules=kalah-6-4&setup=4.4.4-1-2-s', /setup: /, 1],
    ['#/play?rules=kalah-6-4&setup=99999999999999999999.4.4.4.4.4-4.4.4.4.4.4-0.0-s', /setup: .*too large|not a number/, 1],
    ['#/play?rules=kalah-6-4&moves=cf&ply=9', /ply 9 is past the end/, 3],
    // Decoded before they are read, and quoted decoded (issue 15, defect 5).
    ['#/play?rules=%3Cscript%3E', /rules: unknown rules '<script>'/, 1],
    ['#/play?rules=kalah-6-4&moves=cf&ply=12345678901234567890', /ply 12345678901234567890 is past the end/, 3],
  ];
  for (const [hash, message, items] of cases) {
    const page = await open(hash);
    const text = await page.textContent('.link-error', { timeout: 5000 });
    assert.match(text, message, hash);
    assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), items, hash);
    await noAnimation(page);
    const before = await page.$$eval('.move-list .ply', (els) => els.length);
    await page.click('.pit.legal >> nth=0');
    await soon(() => page.$$eval('.move-list .ply', (els) => els.length), before + 1, `${hash}: board usable`);
    assert.deepEqual(page.errors, [], hash);
    await page.context().close();
  }
  const page = await open('#/nowhere');
  assert.match(await page.textContent('[role=alert]'), /no page/);
  await page.context().close();
});

test('links are percent-decoded: spaces between moves are allowed', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=C%20F');
  await page.waitForSelector('.move-list .ply >> nth=2');
  assert.equal(await page.$('.link-error'), null);
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('served from a sub-path, the page and its worker work (defect 9)', async () => {
  const sub = await serve(dist, 0, '/mancala/');
  const page = await open('#/play?rules=kalah-6-4&moves=c', { base: `http://127.0.0.1:${sub.address().port}/mancala/` });
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.ok(await page.isVisible('.hint rect'));
  // South moves again after c: a value on each of its five pits with seeds.
  assert.equal(await page.$$eval('svg.board .hint', (els) => els.length), 5);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  sub.close();
});

test('a right-to-left override in a link cannot reverse the banner: echoed text is isolated and shown (defect 8)', async () => {
  const page = await open('#/play?rules=kalah%E2%80%AE-6-4');
  const banner = await page.textContent('.link-error');
  assert.match(banner, /^This link has a problem — rules: unknown rules 'kalah<U\+202E>-6-4'/);
  assert.ok(!banner.includes('\u202e'));
  assert.ok(await page.$('.link-error bdi'));
  await page.context().close();
});
