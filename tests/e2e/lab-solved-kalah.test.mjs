// End-to-end: The Solved Kalah lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test('the Solved Kalah lab solves a grid in the worker and caches it', async () => {
  const page = await open('#/lab/solved-kalah', { wait: '.solved-grid' });
  await page.selectOption('.controls select >> nth=0', '3');
  await page.selectOption('.controls select >> nth=1', '3');
  await page.click('button.solve-all');
  await page.waitForFunction(() => document.querySelectorAll('.cell.unsolved').length === 0, null, { timeout: 60000 });
  // Kalah(3,3), standard rule.
  assert.equal(await page.textContent('td[data-rules="kalah-3-3"] button'), '+2');
  await page.click('td[data-rules="kalah-3-3"] button');
  await soon(() => page.textContent('.lab-detail'), /South, moving first, wins by 2/);
  // A second visit reads the browser's cache: nothing left to solve.
  const again = await page.context().newPage();
  await again.goto(page.url());
  await again.waitForSelector('.solved-grid');
  await again.selectOption('.controls select >> nth=0', '3');
  await again.selectOption('.controls select >> nth=1', '3');
  await soon(() => again.$$eval('.cell.unsolved', (e) => e.length), 0);
  // Nothing unsolved because the cells are there, solved: the cached value shows at once.
  assert.equal(await again.textContent('td[data-rules="kalah-3-3"] button'), '+2', 'the cell is drawn, from the cache');
  await page.context().close();
});

test('the Solved Kalah lab keeps its grid, its rule and the cell chosen in its link', async () => {
  const page = await open('#/lab/solved-kalah?pits=4&seeds=3', { wait: 'td[data-rules="kalah-4-3"]' });
  assert.equal(await page.$('td[data-rules="kalah-5-3"]'), null, 'the grid stops at 4 pits');
  await page.click('td[data-rules="kalah-2-2"] button');
  await page.waitForFunction(() => /cell=kalah-2-2/.test(location.hash));
  assert.match(page.url(), /#\/lab\/solved-kalah\?pits=4&seeds=3&cell=kalah-2-2$/);
  await page.waitForSelector('.lab-detail', { timeout: 60000 });
  await page.reload();
  await page.waitForSelector('.lab-detail', { timeout: 60000 });
  assert.match(await page.textContent('.lab-detail'), /kalah-2-2|Kalah\(2,2\)/);
  const bad = await open('#/lab/solved-kalah?cell=kalah-99-1', { wait: 'main' });
  assert.match(await bad.textContent('.link-error'), /cell=kalah-99-1 is not a board of the grid/);
  for (const p of [page, bad]) await p.context().close();
});
