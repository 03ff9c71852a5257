// End-to-end: The Solved Kalah lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open } from './helpers.mjs';

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
  assert.match(await page.textContent('.lab-detail'), /South, moving first, wins by 2/);
  // A second visit reads the browser's cache: nothing left to solve.
  const again = await page.context().newPage();
  await again.goto(page.url());
  await again.waitForSelector('.solved-grid');
  await again.selectOption('.controls select >> nth=0', '3');
  await again.selectOption('.controls select >> nth=1', '3');
  assert.equal(await again.$$eval('.cell.unsolved', (e) => e.length), 0);
  await page.context().close();
});
