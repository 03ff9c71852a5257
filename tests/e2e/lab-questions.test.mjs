// End-to-end: the open questions lab — a shared link runs its search in the worker, the
// answer says what was searched, rows open on the board, Domineering's published values are
// reproduced, and a bad link says what is wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open } from './helpers.mjs';

setup();

test('the open questions lab: a linked search runs, states its limits, and its rows open on the board', async () => {
  const page = await open('#/lab/questions?tool=value&game=sowing-i&value=*3&seeds=6&pots=6', { wait: '.questions .q-run' });
  await page.waitForSelector('.q-answer', { timeout: 90000 });
  assert.match(await page.textContent('.q-answer .verdict'), /^19 sowing-i rows of value ∗3; the smallest first\.$/);
  assert.match(await page.textContent('.q-answer .searched'), /^Searched every row of at most 6 seeds and 6 pots \(373 rows\)/);
  // Table 3's *3, 1112, first; it opens on the board.
  assert.equal(await page.textContent('.q-found tbody tr:first-child a'), '1112');
  await page.click('.q-found tbody tr:first-child a');
  await page.waitForSelector('.board');
  assert.match(page.url(), /rules=sowing-i&setup=1112-l/);
  // None found is a result, with its limits.
  const none = await open('#/lab/questions?tool=value&game=sowing-i&value=*9&seeds=5&pots=5', { wait: '.questions .q-run' });
  await none.waitForSelector('.q-answer', { timeout: 90000 });
  assert.match(await none.textContent('.q-answer .verdict'), /^No sowing-i row of value ∗9 within these limits\.$/);
  // The atomic weights: the non-integer weights of 1332 and 2331.
  const w = await open('#/lab/questions?tool=weights&seeds=9&pots=4', { wait: '.questions .q-run' });
  await w.waitForSelector('.q-answer', { timeout: 90000 });
  assert.match(await w.textContent('.q-answer .verdict'), /1332 weighs -1\/2/);
  // A search chosen on the page goes into the link.
  await w.click('.tools a >> text=Independent parts');
  await w.waitForSelector('.q-game');
  await w.selectOption('.q-seeds', '3');
  await w.selectOption('.q-pots', '4');
  await w.click('.q-run');
  await w.waitForSelector('.q-separation', { timeout: 90000 });
  assert.match(w.url(), /tool=separation&game=sowing&seeds=3&pots=4/);
  assert.deepEqual(await w.$$eval('.q-separation tbody tr', (rows) => rows.map((r) => [r.cells[2].textContent, r.cells[3].textContent])), [['1', '1'], ['2', '2'], ['3', '3']]);
  // A long search stopped says so and claims nothing; another tab's limits are cut to the
  // page's (12 seeds for a value, 5 for the separation) and its search can run.
  const long = await open('#/lab/questions?tool=value&game=sowing&value=%5E&seeds=12&pots=12', { wait: '.questions .q-run' });
  await long.waitForSelector('button.stop');
  await long.click('button.stop');
  await long.waitForSelector('p.stopped');
  assert.match(await long.textContent('p.stopped'), /no answer is claimed for these limits/);
  assert.equal(await long.$('.q-answer'), null);
  await long.click('.tools a >> text=Independent parts');
  await long.waitForSelector('.q-full');
  assert.equal(await long.inputValue('.q-seeds'), '5');
  assert.equal(await long.isEnabled('.q-run'), true);
  assert.deepEqual([...page.errors, ...none.errors, ...w.errors, ...long.errors], []);
  for (const p of [page, none, w, long]) await p.context().close();
});

test('Domineering in Two-dimensional Sowing: the published values reproduced; a bad link named', async () => {
  const page = await open('#/lab/questions?tool=domineering', { wait: '.questions .q-run' });
  await page.waitForSelector('.q-domineering', { timeout: 90000 });
  assert.match(await page.textContent('.q-answer .verdict'), /^33 of the 33 shapes valued here agree/);
  assert.equal(await page.$$eval('.q-domineering tr.differs', (rows) => rows.length), 0);
  const bad = await open('#/lab/questions?tool=nope&seeds=99&game=chess', { wait: '.questions .q-run' });
  const faults = await bad.$$eval('.link-error', (els) => els.map((e) => e.textContent).join(' | '));
  assert.match(faults, /tool=nope is not a search of this lab/);
  assert.match(faults, /game=chess/);
  assert.match(faults, /seeds=99 is not a number from 1 to 16/);
  // Still a usable page: the first search's form.
  assert.ok(await bad.$('.q-run'));
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});
