// End-to-end: Dooley's study.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open } from './helpers.mjs';

setup();

test("Dooley's lab reproduces his 93,757 states", async () => {
  const page = await open('#/lab/dooley', { wait: '.dooley-counts' });
  assert.match(await page.textContent('.dooley-counts tr.match'), /pits and side to move\s*93,757/);
  assert.match(await page.textContent('.verdict'), /reproduces Dooley's 93,757 exactly/);
  assert.equal(await page.$$eval('.move-values li', (e) => e.length), 6);
  // His openings under these rules (as the native test and the page's note say).
  const values = await page.$$eval('.move-values li', (els) => els.map((e) => e.textContent));
  assert.deepEqual(values.sort(), ['a: +0', 'b: +0', 'c: +0', 'd: -2', 'e: -2', 'f: +2']);
  await page.context().close();
});
