// End-to-end: Erickson's last games (§4) on the page — Two-dimensional Sowing on a grid board
// (Domineering with one seed a pot), Coloured-seed Sowing's two-coloured board, Reaping and
// Reverse Atomic Wari on the row board: played by clicks, valued, and reloaded from a link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, count, noAnimation, open, soon } from './helpers.mjs';

setup();

const value = (page, re) =>
  page.waitForFunction((src) => new RegExp(src).test(document.querySelector('.cgt-value')?.textContent || ''), re.source, { timeout: 60000 });

test('Two-dimensional Sowing: a grid board, Domineering values, a way chosen, a link reloaded', async () => {
  const page = await open('#/play?rules=grid&setup=11-11-l');
  await noAnimation(page);
  // The grid's column letters and row numbers, and Domineering 2 × 2 = ±1.
  assert.equal(await page.$$eval('.grid-axes text', (els) => els.map((e) => e.textContent).join()), 'a,b,1,2');
  await value(page, /^11 \/ 11 = ±1$/);
  assert.equal(await page.getAttribute('#pit-s-3', 'aria-label'), 'Pot b2: 1 seed');
  // Left's dominoes are vertical: a1 sows down onto a2, capturing both; Right then has no
  // move.
  await page.click('#pit-s-0');
  await soon(() => Promise.all([0, 1, 2, 3].map((i) => count(page, `pit-s-${i}`))), [0, 1, 0, 1]);
  assert.match(await page.textContent('.status'), /Left sows pot a1 down, capturing 2\. Game over: Right cannot move; Left wins\./);
  assert.match(page.url(), /rules=grid&setup=11-11-l&moves=a1d/);
  // A pot with two ways asks which: the middle of a column of three.
  const col = await open('#/play?rules=grid-3-1-1');
  await noAnimation(col);
  await value(col, /^1 \/ 1 \/ 1 = 1$/);
  await col.click('#pit-s-1');
  await soon(() => col.$$eval('.way-chooser button.way', (els) => els.map((e) => e.textContent)), ['↑ up', '↓ down']);
  await col.click('.way-chooser button.way >> nth=1');
  await soon(() => Promise.all([0, 1, 2].map((i) => count(col, `pit-s-${i}`))), [1, 0, 0]);
  const again = await open(`#/play?${new URL(col.url()).hash.split('?')[1]}`);
  assert.equal(await count(again, 'pit-s-0'), 1);
  assert.match(await again.textContent('.status'), /Right cannot move; Left wins/);
  // A bad grid says where.
  const bad = await open('#/play?rules=grid&setup=11-111-l');
  assert.match(await bad.textContent('.link-error'), /row 2 has 3 pots and row 1 has 2/);
  assert.deepEqual([...page.errors, ...col.errors, ...again.errors, ...bad.errors], []);
  for (const p of [page, col, again, bad]) await p.context().close();
});

test('Coloured-seed Sowing: blue seeds round, red square, two counts, a capture by click', async () => {
  const page = await open('#/play?rules=colour&setup=1b.1b1r-l');
  await noAnimation(page);
  await value(page, /^1b 1b1r = 1$/); // as `mancala-lab value colour 1b.1b1r` prints
  assert.equal(await page.getAttribute('#pit-s-1', 'aria-label'), 'Pot 2: 1 blue seed and 1 red seed');
  assert.equal(await page.$$eval('#pit-s-1 .seed.blue', (els) => els.map((e) => e.tagName).join()), 'circle');
  assert.equal(await page.$$eval('#pit-s-1 .seed.red', (els) => els.map((e) => e.tagName).join()), 'rect');
  // Pot 1's blue seed to the right, onto pot 2's blue seed: its red seed is captured.
  await page.click('#pit-s-0');
  await soon(() => page.getAttribute('#pit-s-1', 'aria-label'), 'Pot 2: 2 blue seeds and 0 red seeds');
  assert.match(await page.textContent('.status'), /Left sows pot 1 to the right, capturing 1\. Game over: Right cannot move; Left wins\./);
  assert.match(page.url(), /setup=1b\.1b1r-l&moves=1r/);
  const bad = await open('#/play?rules=colour&setup=1b.2x-l');
  assert.match(await bad.textContent('.link-error'), /pot 2/);
  // The editor takes coloured pots as text; a fault names its pot.
  await page.click('.editor summary');
  await soon(() => page.inputValue('.ed-cell input >> nth=1'), '2b');
  await page.fill('.ed-cell input >> nth=0', '1b1r');
  await soon(() => page.inputValue('#ed-setup'), '1b1r.2b-r');
  await page.fill('.ed-cell input >> nth=0', '2x');
  await soon(() => page.textContent('.field-error'), /pot 1/);
  // The New game form has no impartial version for it.
  await page.click('.new-game summary');
  await soon(() => page.$('#ng-version'), null);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});

test('Reaping and Reverse Atomic Wari play on the row board and show their values', async () => {
  const page = await open('#/play?rules=reaping&setup=2310-l');
  await noAnimation(page);
  await value(page, /^2310 = 0$/); // as `mancala-lab value reaping 2310` prints
  // Pot 2 reaps a seed from pots 2 and 3 into the empty pot 4.
  await page.click('#pit-s-1');
  await soon(() => Promise.all([0, 1, 2, 3].map((i) => count(page, `pit-s-${i}`))), [2, 2, 0, 2]);
  const ra = await open('#/play?rules=ratomic&setup=1320-l');
  await noAnimation(ra);
  // (Its row has no end: the empty pot is dropped from the value.)
  await value(ra, /^132 = \{∗, ∗2\|0\}$/); // as `mancala-lab value ratomic 1320` prints
  // From pot 1: three seeds into pot 4, captured (3).
  await ra.click('#pit-s-0');
  await soon(() => Promise.all([0, 1, 2, 3].map((i) => count(ra, `pit-s-${i}`))), [0, 2, 1, 0]);
  assert.match(await ra.textContent('.status'), /capturing 3/);
  assert.deepEqual([...page.errors, ...ra.errors], []);
  for (const p of [page, ra]) await p.context().close();
});
