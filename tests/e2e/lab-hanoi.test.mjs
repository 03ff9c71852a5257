// End-to-end: The Hanoi puzzle lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test('the Hanoi sowing puzzle: played by clicks, both algorithms and a shortest line watched, the three sequences from the worker', async () => {
  const page = await open('#/lab/hanoi?n=4', { wait: '.hanoi-lab svg.board' });
  await page.waitForSelector('.hanoi-table .verdict', { timeout: 60000 });
  const rows = await page.$$eval('.hanoi-sequences tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(rows[5].slice(0, 5), ['6', '31', '10', '8', 'no']);
  assert.deepEqual(rows[2][6], 'cannot be solved');
  assert.match(await page.textContent('.hanoi-table .verdict'), /T\(n\) is the minimum for n = 1, 2, 3, 4, 5; for n = 6, 7, .*, 14 a shorter line exists/);
  // Play 1111 by hand, T(4)'s line: 1r, 3r, 2r, 3r (a pot that may go either way has a button a way).
  const sow = async (pot, way) => {
    const choices = await page.$$(`#pit-s-${pot - 1} .choice`);
    if (choices.length === 2) await choices[way === 'l' ? 0 : 1].click();
    else await page.click(`#pit-s-${pot - 1}`);
  };
  for (const [pot, way] of [[1, 'r'], [3, 'r'], [2, 'r'], [3, 'r']]) await sow(pot, way);
  assert.match(await page.textContent('.puzzle-state'), /Solved: all 4 seeds are in the last pot, in 4 moves/);
  await page.click('button.undo');
  await soon(() => page.textContent('.ply'), /3 moves/);
  // The second algorithm, stepped to its end: T(4) = 4 moves.
  await page.click('button.recursive');
  await page.click('button.end');
  await soon(() => page.textContent('.ply'), /move 4 of 4/);
  assert.match(await page.textContent('.puzzle-state'), /Solved/);
  await page.click('button.exponential');
  await page.click('button.end');
  await soon(() => page.textContent('.ply'), /move 7 of 7/);
  await page.click('button.shortest');
  await page.click('button.end');
  await page.click('button.back');
  await soon(() => page.textContent('.ply-words'), /Move 3: pot \d sows/);
  const bad = await open('#/lab/hanoi?n=99&x=2', { wait: '.hanoi-lab svg.board' });
  const errs = await bad.$$eval('.hanoi-lab > .error', (els) => els.map((e) => e.textContent));
  assert.match(errs[0], /n=99 is not a number of pots from 2 to 16: showing 6/);
  assert.match(errs[1], /unknown part 'x' ignored/);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});
