// End-to-end: The Ayo = Tchoukaillon lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test('the Ayo = Tchoukaillon lab plays a determined endgame in lockstep and checks every candidate in the worker', async () => {
  const page = await open('#/lab/ayo?s=9', { wait: '.lockstep' });
  assert.match(await page.textContent('.ply'), /ply 0 of 9/);
  await page.click('button.step');
  await soon(() => page.textContent('.ply-words'), /North plays his single stone from pit 1 into pit 0 ↔ Tchoukaillon harvests pit 1/);
  await page.click('button.end');
  await soon(() => page.textContent('.ayo-lab'), /South has captured 8 stones and North is awarded 1 — Definition 1 holds/);
  assert.match(await page.textContent('.ayo-lab .verdict'), /Pits 1 to n \+ 1 agree/);
  await page.click('button.check');
  await page.waitForSelector('.determined-table', { timeout: 60000 });
  const six = await page.$$eval('.determined-table tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.ok(six.some((r) => /^6 × 240,3192121yes$/.test(r)), six.join(' | '));
  const bad = await open('#/lab/ayo?s=abc', { wait: '.lockstep' });
  assert.match(await bad.textContent('.error'), /s=abc is not a number of stones from 1 to 200: showing 9/);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});
