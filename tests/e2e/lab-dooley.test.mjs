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
  await page.context().close();
});
