// End-to-end: an axe-core run on every page (the play page of each family, the home page, each
// lab): no serious or critical accessibility violation. The board is one Tab stop whose arrow
// keys move between pits, read in sowing order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup, open, noAnimation, soon } from './helpers.mjs';

setup();

const axe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/axe-core/axe.min.js');

async function violations(page) {
  // The page's policy forbids injected scripts: this context bypasses it for axe alone.
  await page.addScriptTag({ path: axe });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const pages = [
  ['#/', '.game-card'],
  ['#/play?rules=kalah-6-4&moves=cf(b)a', 'svg.board'],
  ['#/play?rules=dakon-8', 'svg.board'],
  ['#/play?rules=oware', 'svg.board'],
  ['#/play?rules=sowing-i&setup=312-l', 'svg.board'],
  ['#/play?rules=atomic', 'svg.board'],
  ['#/play?rules=tchoukaillon', 'svg.board'],
  ['#/play?rules=tchouka', 'svg.board'],
  ['#/lab/solved-kalah', 'main'],
  ['#/lab/dakon?n=4', 'main'],
  ['#/lab/ayo?s=9', 'main'],
  ['#/lab/tchoukaillon', 'main'],
  ['#/lab/hanoi?n=4', 'main'],
  ['#/lab/erickson', 'main'],
  ['#/lab/dooley', 'main'],
  ['#/bench', 'main'],
];

for (const theme of ['light', 'dark']) {
  test(`no serious or critical axe violation on any page (${theme})`, async () => {
    const found = [];
    for (const [hash, wait] of pages) {
      const page = await open(hash, { wait, bypassCSP: true });
      if (theme === 'dark') await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      found.push(...(await violations(page)).map((v) => `${hash}: ${v}`));
      await page.context().close();
    }
    assert.deepEqual(found, []);
  });
}

test('the board is one Tab stop; arrows move between pits in sowing order; the result is announced', async () => {
  const page = await open('#/play?rules=kalah-1-1');
  await noAnimation(page);
  const stops = await page.$$eval('svg.board [tabindex="0"]', (els) => els.map((e) => e.id));
  assert.deepEqual(stops, ['pit-s-0']);
  // Read in sowing order: South's pits, South's store, North's pits, North's store.
  assert.deepEqual(await page.$$eval('svg.board [data-count]', (els) => els.map((e) => e.id)), ['pit-s-0', 'store-s', 'pit-n-0', 'store-n']);
  await page.focus('#pit-s-0');
  await page.keyboard.press('Enter');
  // The result is said in the status line, a live region, once the seeds have landed.
  await page.waitForFunction(() => /Game over/.test(document.querySelector('.status[aria-live]')?.textContent || ''));
  // With the sowing shown, the status says only who sows until the seeds have landed.
  const slow = await open('#/play?rules=kalah-6-4');
  await slow.selectOption('.speed select', '400');
  await slow.click('#pit-s-0');
  await soon(() => slow.textContent('.status'), /^South sows a…$/);
  await slow.waitForFunction(() => /North to move/.test(document.querySelector('.status').textContent), null, { timeout: 10000 });
  await slow.context().close();
  const six = await open('#/play?rules=kalah-6-4');
  await six.focus('#pit-s-0');
  await six.keyboard.press('ArrowDown');
  await soon(() => six.evaluate(() => document.activeElement.id), 'pit-s-1');
  await six.keyboard.press('ArrowUp');
  await six.keyboard.press('ArrowUp');
  await soon(() => six.evaluate(() => document.activeElement.id), 'pit-s-5', 'round to the last');
  for (const p of [page, six]) await p.context().close();
});
