// End-to-end: The Erickson lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test("Erickson's lab recomputes the tables in the worker, searches Table 3 and computes .37, and keeps the tables for the next visit (defect 10)", async () => {
  const page = await open('#/lab/erickson', { wait: 'main.erickson' });
  await page.waitForSelector('.erickson > .verdict', { timeout: 120000 });
  assert.equal(await page.$('.cached'), null, 'computed on this visit');
  assert.match(await page.textContent('.erickson > .verdict'), /230 printed entries recomputed .*: 224 agree, 6 differ\./);
  // The disagreements are marked and explained; a row links to the play page.
  const differs = await page.$$eval('.erickson-table tr.differs:not(.note) td:first-child', (tds) => tds.map((t) => t.textContent));
  assert.deepEqual(differs, ['•00114', '1111', '11111', '111312', '11111122', '11132112']);
  assert.equal(await page.getAttribute('#erickson-table-2 tr.agrees a >> nth=0', 'href'), '#/play?rules=sowing&setup=11-l');
  assert.match(await page.textContent('.theorems'), /Theorem 2\.5.*holds on all/s);
  assert.match(await page.textContent('.hanoi-counts'), /705,155/);
  await page.selectOption('.search-seeds', '5');
  await page.click('.search-start');
  await page.waitForSelector('.search-results', { timeout: 60000 });
  assert.match(await page.textContent('.search-results'), /∗3\s*1112/);
  await page.fill('.octal-n', '20000');
  await page.click('.octal-start');
  await page.waitForSelector('.octal-result', { timeout: 60000 });
  assert.match(await page.textContent('.octal-result .verdict'), /P-positions: 0, 3, 11, 19, 29, 45, 71, 97, 123, 149, 175, 313, 407\./);
  assert.match(await page.textContent('.octal-result'), /G\.6\(n \+ 1\) for every n ≤ 20,000 — holds/);
  // A row's game and back: the lab shows what it had, without recomputing.
  await page.click('#erickson-table-2 tr.agrees a >> nth=0');
  await page.waitForSelector('.cgt-value', { timeout: 60000 });
  await page.goBack();
  await page.waitForSelector('.erickson > .verdict', { timeout: 5000 });
  assert.ok(await page.$('.octal-result'), 'the .37 result is kept');
  assert.match(await page.textContent('.octal-result .verdict'), /P-positions: 0, 3, 11, 19, 29, 45, 71, 97, 123, 149, 175, 313, 407\./);
  // A bad heap size is refused where it is typed.
  await page.fill('.octal-n', '12x');
  await soon(() => page.textContent('.octal .error'), /'12x' is not a heap size/);
  assert.ok(await page.isDisabled('.octal-start'));
  assert.deepEqual(page.errors, []);
  // The next visit shows the tables at once, from this browser's store (one computation of
  // the tables serves both checks: about 30 s).
  await page.reload();
  await page.waitForSelector('.erickson > .verdict', { timeout: 5000 });
  assert.match(await page.textContent('.cached'), /earlier visit/);
  assert.match(await page.textContent('.erickson > .verdict'), /224 agree, 6 differ/);
  await page.context().close();
});

test("Erickson's lab keeps its inputs in its link", async () => {
  const page = await open('#/lab/erickson?seeds=6&n=20000', { wait: '.search-seeds' });
  assert.equal(await page.inputValue('.search-seeds'), '6');
  assert.equal(await page.inputValue('.octal-n'), '20000');
  await page.selectOption('.search-seeds', '7');
  await page.waitForFunction(() => /seeds=7&n=20000$/.test(location.hash));
  await page.fill('.octal-n', '30000');
  await page.waitForFunction(() => /seeds=7&n=30000$/.test(location.hash));
  await page.reload();
  await page.waitForSelector('.search-seeds');
  assert.equal(await page.inputValue('.search-seeds'), '7');
  assert.equal(await page.inputValue('.octal-n'), '30000');
  await page.context().close();
});
