// End-to-end: the new-user audit's smaller defects (issue 44, part 4), each as a user meets it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, drained, noAnimation, open } from './helpers.mjs';

setup();

test("a link's banner follows the address: mended, it goes", async () => {
  for (const [bad, good] of [
    ['rules=kalahh', 'rules=kalah-6-4'],
    ['rules=kalah-6-4&moves=abz', 'rules=kalah-6-4&moves=ab'],
  ]) {
    const page = await open(`#/play?${bad}`);
    assert.ok(await page.$('.link-error'), `${bad}: a banner`);
    await page.evaluate((h) => { location.hash = h; }, `#/play?${good}`);
    await page.waitForSelector('.link-error', { state: 'detached', timeout: 5000 });
    // And back to the bad link: the banner again.
    await page.evaluate((h) => { location.hash = h; }, `#/play?${bad}`);
    await page.waitForSelector('.link-error', { timeout: 5000 });
    await page.context().close();
  }
});

test('a near miss of an address opens the page it names', async () => {
  const page = await open('#/lab/solved', { wait: '.solved-grid' });
  assert.equal(await page.$('.not-found'), null);
  for (const [hash, wait] of [['#/paly?rules=oware', 'svg.board'], ['#/dakon?n=5', '.dakon-lab']]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForSelector(wait);
    assert.equal(await page.$('.not-found'), null, hash);
  }
  // Nothing near: not found, with the games below.
  await page.evaluate(() => { location.hash = '#/nowhere'; });
  await page.waitForSelector('.not-found');
  await page.context().close();
});

test('every new game is an entry of the history: Back and Forward go between the games', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  await page.click('#pit-s-0');
  await page.click('#pit-n-1');
  assert.match(page.url(), /moves=ab/);
  await page.click('.new-game summary');
  await page.click('.custom button[type=submit]');
  await page.waitForFunction(() => !location.hash.includes('moves='));
  await page.goBack();
  await page.waitForFunction(() => location.hash.includes('moves=ab'));
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3, 'the game before, with its two moves');
  await page.goForward();
  await page.waitForFunction(() => !location.hash.includes('moves='));
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 1, 'the new game');
  await page.context().close();
});

test('the animation control says what it does', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  assert.match(await page.textContent('label.speed'), /^Animation: /);
  await page.context().close();
});

test('a new Hint ends the preview of the old line', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cf');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 30000 });
  await page.click('.line-move >> nth=0');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.preview-bar:not(.empty)');
  await page.click('button.hint');
  await drained(page);
  assert.equal(await page.$('.preview-bar:not(.empty)'), null, 'the board shows the game again');
  assert.equal(await page.$('.previewing'), null);
  await page.context().close();
});

test('hidden characters in a link or a record are named, never obeyed', async () => {
  const page = await open('#/play?rules=kalah-6-4&setup=4.4.4%E2%80%AE.4.4.4-4.4.4.4.4.4-0.0-s');
  const banner = await page.textContent('.link-error');
  assert.match(banner, /<U\+202E>/);
  assert.ok(!banner.includes('\u202E'), banner);
  // A record saved with a byte-order mark, numbered as the move list shows it, opens.
  await page.click('.record summary');
  await page.fill('.record-import textarea', '\uFEFF[Rules "kalah-6-4"]\n\n1. f a 2. b c\n');
  await page.click('button.open-record');
  await page.waitForFunction(() => location.hash.includes('moves=fabc'));
  // A record with a bidi override in its moves: the fault names it.
  await page.fill('.record-import textarea', 'f \u202Ea');
  await page.click('button.open-record');
  const fault = await page.textContent('.record .field-error');
  assert.match(fault, /<U\+202E>/);
  assert.ok(!fault.includes('\u202E'), fault);
  await page.context().close();
});
