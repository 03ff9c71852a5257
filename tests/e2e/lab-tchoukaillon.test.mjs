// End-to-end: The Tchoukaillon lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test('the Tchoukaillon lab: Figure 4 watched harvest by harvest, periods, s(n) in the worker, any s to 2^64, a bad link', async () => {
  const page = await open('#/lab/tchoukaillon', { wait: '.occupancy' });
  // Figure 4: s = 9 is watched; its line ends with every seed in the Roumba.
  assert.match(await page.textContent('.strategy .ply'), /harvest 0 of 9/);
  assert.match(await page.textContent('.strategy .ply-words'), /harvest pit 1 .* smallest pit/);
  await page.click('.strategy button.end');
  await soon(() => page.textContent('.strategy .ply-words'), /Every seed is in the Roumba: 9 harvests/);
  const row24 = await page.$$eval('.figure-4-table tbody tr', (rows) => rows[24].textContent);
  assert.match(row24, /^24\s*4\s*2\s*4\s*6\s*8\s*4\s*watch\s*playOCR damage/, row24);
  // Figure 5 beside the paper, further than the paper.
  const five = await page.$$eval('.figure-5-table tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.ok(five.some((r) => /^1127,72027,72027,72027720 ✓$/.test(r)), five.slice(0, 12).join(' | '));
  assert.equal(five.length, 40); // i = 1 to 40
  // Figure 6: s(n) to 10^4 in the worker, three methods agree.
  await page.waitForSelector('.s-of-n-result');
  assert.match(await page.textContent('.s-of-n-result .verdict'), /s\(10,000\) = 31,833,630/);
  assert.equal(await page.$$eval('.checks li.fails', (l) => l.length), 0);
  assert.match(await page.textContent('.checks'), /Figure 8's sieve on a list: agrees for every n ≤ 3,000/);
  // Figure 7: the paper's 1,925,280 whole, then 10^12 by the box.
  assert.match(await page.textContent('.position-result .verdict'), /1,925,280 seeds uses 2,459 pits/);
  assert.match(await page.textContent('.figure-7'), /Occupancy: .* 0\.636\d\d, against 2\/π = 0\.63662/);
  await page.fill('.seeds-in', '1000000000000');
  await page.click('.figure-7 button[type=submit]');
  await page.waitForFunction(() => /1,772,452 pits/.test(document.querySelector('.position-result .verdict')?.textContent || ''), null, { timeout: 20000 });
  assert.match(page.url(), /#\/lab\/tchoukaillon\?s=1000000000000$/);
  assert.match(await page.textContent('.position-result'), /Its first 1,000 pits/);
  const bad = await open('#/lab/tchoukaillon?s=12x', { wait: '.occupancy' });
  assert.match(await bad.textContent('.error'), /s=12x is not a number of seeds .*: showing the paper's 1,925,280/);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});
