// End-to-end: The Dakon lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test("the Dakon lab counts, searches with proofs, replays on the board and reads its links", async () => {
  const page = await open('#/lab/dakon?n=5', { wait: 'h1' });
  // Every first turn of Dakon-5, counted in the worker, beside the paper's figures.
  await page.click('button.dakon-survey');
  await page.waitForSelector('.dakon-survey-table');
  const table = await page.textContent('.dakon-survey-table');
  assert.match(table, /possible move sequences.*1,3711,371/s);
  assert.match(table, /shortest winning opening \(moves; Table 2\)2424/);
  // Dakon-6's shortest opening: 19 moves, proven, replayed on the board.
  await page.selectOption('select.dakon-n', '6');
  await page.waitForFunction(() => location.hash.includes('n=6'));
  await page.click('button.dakon-shortest');
  await page.waitForSelector('.dakon-found .verdict');
  assert.match(await page.textContent('.dakon-found .verdict'), /^19 moves, cost 19: proven least/);
  await page.click('button.replay-found');
  await page.waitForSelector('.dakon-replay .summary');
  assert.match(await page.textContent('.dakon-replay .summary'), /^19 moves, .* a winning opening\.$/);
  await page.click('.dakon-replay button.prev');
  await soon(() => page.textContent('.dakon-replay .at'), /^move 18 of 19: hole 6,/);
  // The depth-first proof: by default one move below the shortest printed opening.
  assert.equal(await page.inputValue('input.dakon-bound'), '18');
  await page.click('button.dakon-prove');
  await page.waitForSelector('.dakon-deep .verdict');
  assert.match(await page.textContent('.dakon-deep .verdict'), /^No winning opening has 18 moves or fewer: .*The paper's 19-move opening is therefore the shortest\./);
  await page.fill('input.dakon-bound', '25');
  await page.dispatchEvent('input.dakon-bound', 'change');
  await page.click('button.dakon-prove');
  await page.waitForFunction(() => document.querySelector('.dakon-deep h3')?.textContent.includes('within 25'));
  assert.match(await page.textContent('.dakon-deep .verdict'), /^Shortest winning opening: 19 moves, proven/);
  // The earlier answers stay beside the new one, newest first, each opening to its result.
  const earlier = await page.$$eval('.earlier-results details.earlier summary', (s) => s.map((e) => e.textContent));
  assert.equal(earlier.length, 3, earlier.join(' | '));
  assert.match(earlier[0], /^Dakon-6: proof within 18 moves — /);
  assert.match(earlier[1], /^Dakon-6: shortest opening — /);
  assert.match(earlier[2], /^Dakon-5: every first turn counted — /);
  await page.click('.earlier-results details.earlier:nth-of-type(3) summary');
  await soon(() => page.textContent('.earlier-results details.earlier:nth-of-type(3) .dakon-survey-table'), /possible move sequences.*1,3711,371/s);
  // The replay's link reopens the same opening in a fresh page.
  const href = await page.getAttribute('a.share', 'href');
  const again = await open(href, { wait: '.dakon-replay' });
  assert.match(await again.textContent('.dakon-replay .summary'), /^19 moves, /);
  // The hand-found opening, from the paper's list: 93 moves, 168 laps, 3 counters left.
  await again.selectOption('select.dakon-n', '8');
  await again.waitForFunction(() => location.hash.includes('n=8'));
  await again.selectOption('select.dakon-printed', '0');
  await again.waitForSelector('.dakon-replay');
  assert.match(await again.textContent('.dakon-replay .summary'), /^93 moves, 168 laps, at most 7 in one move; .*3 counters left on the opponent's side/);
  // A bad link says what is wrong and still gives a working page.
  const bad = await open('#/lab/dakon?n=4&line=1.4.9&x=1', { wait: 'h1' });
  const message = await bad.textContent('.link-error');
  assert.match(message, /line: move 3 \(hole 9\)/);
  assert.match(message, /"x=1" is not a parameter/);
  await bad.click('button.dakon-shortest');
  await bad.waitForSelector('.dakon-found .verdict');
  assert.match(await bad.textContent('.dakon-found .verdict'), /^12 moves, cost 12: proven least/);
  // A printed example that disagrees with its own table says so.
  await bad.selectOption('select.dakon-printed', '0');
  await bad.waitForSelector('.printed-note');
  assert.match(await bad.textContent('.printed-source'), /Table 2, shortest \(moves\): the paper says 12, the line gives 15/);
  assert.deepEqual([...page.errors, ...again.errors, ...bad.errors], []);
  await page.context().close();
  await again.context().close();
  await bad.context().close();
});
