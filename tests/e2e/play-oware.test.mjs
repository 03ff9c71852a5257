// End-to-end: The Oware family on the play page: sowing past the emptied pit, rules that forbid a pit, the endgame databases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './serve.mjs';
import { setup, env, artifacts, count, noAnimation, open, soon } from './helpers.mjs';

setup();

test("Oware's sowing of 12 seeds flashes the pit it skips", async () => {
  const page = await open('#/play?rules=oware&setup=12.0.0.0.0.0-1.1.1.1.1.1-18.18-s');
  await page.selectOption('.speed select', '120');
  // Record every pit marked as skipped, and the note, while the move is animated (a step
  // lasts 120 ms: too short to poll for).
  await page.evaluate(() => {
    window.skipped = [];
    new MutationObserver(() => {
      for (const e of document.querySelectorAll('.hand.skipped')) window.skipped.push([e.id, document.querySelector('.skip-note')?.textContent]);
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await page.click('#pit-s-0');
  await page.waitForSelector('.hand');
  await page.waitForSelector('.hand', { state: 'detached', timeout: 10000 });
  // The hand came round to a, passed over it (marked, and said), and sowed b.
  const seen = await page.evaluate(() => window.skipped);
  assert.ok(seen.length > 0, 'the skipped pit was marked');
  assert.deepEqual([...new Set(seen.map((s) => s.join(': ')))], ['pit-s-0: the hand skips the pit it emptied']);
  assert.equal(await count(page, 'pit-s-1'), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Oware plays on two rows: a pit a rule forbids says why, a grand slam captures nothing, Ayo and Awari refuse it', async () => {
  const feed = await open('#/play?rules=oware&setup=1.0.0.0.0.1-0.0.0.0.0.0-0.0-s');
  await noAnimation(feed);
  assert.equal(await feed.$$eval('.pit.legal', (els) => els.map((e) => e.id).join()), 'pit-s-5');
  assert.match(await feed.textContent('.refusals'), /South a: North has no seeds: a gives them none, and a move must feed them\./);
  assert.match(await feed.getAttribute('#pit-s-0', 'aria-label'), /not playable: North has no seeds/);
  await feed.click('#pit-s-5');
  await soon(() => count(feed, 'pit-n-0'), 1);
  const slam = await open('#/play?rules=oware&setup=1.0.0.0.0.2-1.1.0.0.0.0-0.0-s');
  await noAnimation(slam);
  await slam.click('#pit-s-5');
  await soon(() => slam.textContent('.status'), /grand slam: nothing captured/);
  assert.deepEqual(await Promise.all(['pit-n-0', 'pit-n-1', 'store-s'].map((id) => count(slam, id))), [2, 2, 0]);
  // A chain of two captures: both pits are marked once the move is shown.
  const chain = await open('#/play?rules=oware&setup=0.0.0.0.0.2-1.1.1.0.0.0-0.0-s');
  await noAnimation(chain);
  await chain.click('#pit-s-5');
  await soon(() => count(chain, 'store-s'), 4);
  assert.deepEqual(await chain.$$eval('.pit.captured', (els) => els.map((e) => e.id).sort()), ['pit-n-0', 'pit-n-1']);
  await chain.context().close();
  const awari = await open('#/play?rules=awari&setup=1.0.0.0.0.2-1.1.0.0.0.0-0.0-s');
  assert.match(await awari.textContent('.refusals'), /South f: f would leave North without a move/);
  assert.deepEqual([...feed.errors, ...slam.errors, ...awari.errors], []);
  for (const p of [feed, slam, awari]) await p.context().close();
});

test('Awari endgame databases: built in the worker, proven values on the pits, a best move played, loaded from IndexedDB after a reload', async () => {
  const hash = '#/play?rules=awari&setup=1.0.0.2.0.1-0.1.1.0.2.0-20.20-s';
  const page = await open(hash, { wait: '.endgame-held' });
  await page.waitForFunction(() => /Not built yet/.test(document.querySelector('.endgame-held')?.textContent || ''));
  await page.fill('.endgame input', '8');
  await page.click('.endgame-build-button');
  await page.waitForSelector('.endgame-values', { timeout: 60000 });
  assert.match(await page.textContent('.endgame-held'), /Built to 8 seeds on the board/);
  // The same values as the CLI's solve: a 0, d −4, f −8, on the panel and on the pits.
  assert.match(await page.textContent('.endgame-value'), /South to move: 0 with perfect play/);
  assert.deepEqual(await page.$$eval('.endgame-moves li', (els) => els.map((e) => e.textContent)), ['a 0', 'd -4', 'f -8']);
  assert.deepEqual(await page.$$eval('svg.board .hint', (els) => els.map((e) => e.textContent).sort()), ['-4', '-8', '★ 0']);
  await page.click('.endgame-next');
  await page.waitForFunction(() => /South plays a/.test(document.querySelector('.status')?.textContent || ''));
  // A second visit loads the databases from the browser's cache: nothing is rebuilt.
  await page.goto(env.base + 'index.html' + hash);
  await page.reload();
  await page.waitForSelector('.endgame-values', { timeout: 20000 });
  assert.match(await page.textContent('.endgame-held'), /Built to 8 seeds/);
  // The perfect computer player's worker loads the cached databases too: its search proves
  // the move at once (a, the only move worth 0), and it says nothing about a fallback.
  await noAnimation(page);
  assert.match(await page.$eval('.player-s option[value="6"]', (o) => o.textContent), /perfect within the endgame databases/);
  await page.selectOption('.player-s', '6');
  await page.waitForFunction(() => /South plays a/.test(document.querySelector('.status')?.textContent || ''), null, { timeout: 30000 });
  assert.equal(await page.$('.notice'), null);
  // A game of the same rules with 4 seeds in all: the field follows it, no larger.
  await page.goto(env.base + 'index.html#/play?rules=awari&setup=1.0.0.1.0.0-0.1.0.0.1.0-0.0-s');
  await page.waitForFunction(() => document.querySelector('.endgame input')?.value === '4');
  assert.equal(await page.$('.endgame .error'), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('every Oware-family rule set keeps its endgame databases in this browser: built once, loaded after a reload', async () => {
  // The family's presets, from the home page (the registry's cards).
  const home = await open('#/', { wait: '.game-card' });
  const hrefs = await home.$$eval('.game-card a', (els) => els.map((e) => e.getAttribute('href')).filter((h) => /rules=(oware|awari|ayo|wari)\b/.test(h)));
  await home.context().close();
  assert.ok(hrefs.length >= 4, `the Oware family's presets: ${hrefs}`);
  for (const href of hrefs) {
    const page = await open(href, { wait: '.endgame-held' });
    await page.waitForFunction(() => /Not built yet/.test(document.querySelector('.endgame-held')?.textContent || ''), null, { timeout: 20000 });
    await page.fill('.endgame input', '4');
    await page.click('.endgame-build-button');
    await page.waitForFunction(() => /Built to 4 seeds/.test(document.querySelector('.endgame-held')?.textContent || ''), null, { timeout: 60000 });
    // Reloaded: read back from IndexedDB, not built again.
    await page.reload();
    await page.waitForFunction(() => /Built to 4 seeds/.test(document.querySelector('.endgame-held')?.textContent || ''), null, { timeout: 20000 });
    assert.match(await page.textContent('.endgame-held'), /kept in this browser/, href);
    const kept = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    assert.ok(kept.length > 0, `${href}: an IndexedDB database (${kept})`);
    assert.deepEqual(page.errors, [], href);
    await page.context().close();
  }
});

test('an Oware analysis with proven values says the convention they assume, readable on a phone', async () => {
  // Five seeds on the board and the databases built to five: every position after a move is
  // theirs, so the values are proven.
  const page = await open('#/play?rules=oware&setup=0.0.0.0.1.2-1.0.0.0.0.1-22.22-s', { viewport: { width: 390, height: 844 }, wait: '.endgame-held' });
  await page.fill('.endgame input', '5');
  await page.click('.endgame-build-button');
  await page.waitForFunction(() => /Built to 5 seeds/.test(document.querySelector('.endgame-held')?.textContent || ''), null, { timeout: 60000 });
  await page.click('button.analyze');
  const sentence = await page.waitForSelector('.analysis .endgame-convention', { timeout: 60000 });
  assert.match(await sentence.textContent(), /^A proven value that comes from the endgame databases .* assumes .*\. Where the rules end the game sooner, by a repeated position that gives each player the seeds on his side, it can differ, even in who wins\.$/);
  await sentence.scrollIntoViewIfNeeded();
  const r = await sentence.boundingBox();
  assert.ok(r && r.x >= 0 && r.x + r.width <= 390, `the sentence within the phone's width: ${JSON.stringify(r)}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing scrolls sideways');
  // The figures give the length of the best line shown, not the depth the databases proved it at.
  const shown = (await page.$$('.analysis .line-move')).length;
  assert.ok(shown > 1, `a best line of ${shown} moves`);
  assert.equal(await page.textContent('.analysis .depth'), String(shown));
  fs.mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, 'oware-convention-390.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
