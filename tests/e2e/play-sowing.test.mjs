// End-to-end: Conway's Sowing on the row board, and its Game value panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, count, noAnimation, open, soon } from './helpers.mjs';

setup();

test("Conway's Sowing plays on a row board: Left and Right, a button a way when both are legal, links", async () => {
  const page = await open('#/play?rules=sowing&setup=312-l');
  await noAnimation(page);
  assert.match(await page.textContent('.status'), /Left to move/);
  // Left's only move: pot 2 to the right (the paper's 312 → 303); then Left has won.
  assert.equal(await page.$$eval('.pit.legal', (els) => els.map((e) => e.id).join()), 'pit-s-1');
  await page.click('#pit-s-1');
  await soon(() => Promise.all(['pit-s-0', 'pit-s-1', 'pit-s-2'].map((id) => count(page, id))), [3, 0, 3]);
  assert.match(await page.textContent('.status'), /Left sows pot 2 to the right\. Game over: Right cannot move; Left wins\./);
  assert.match(page.url(), /rules=sowing&setup=312-l&moves=2r/);
  // Impartial: pot 2 of 312 may go either way: a button a way.
  const imp = await open('#/play?rules=sowing-i&setup=312-l');
  await noAnimation(imp);
  assert.equal(await imp.$$eval('#pit-s-1 .choice', (els) => els.length), 2);
  await imp.click('#pit-s-1 .choice >> nth=0'); // to the left: 402
  await soon(() => Promise.all(['pit-s-0', 'pit-s-1', 'pit-s-2'].map((id) => count(imp, id))), [4, 0, 2]);
  assert.match(await imp.textContent('.status'), /Right to move/);
  const again = await open(`#/play?${new URL(imp.url()).hash.split('?')[1]}`);
  assert.equal(await count(again, 'pit-s-0'), 4);
  assert.deepEqual([...page.errors, ...imp.errors, ...again.errors], []);
  for (const p of [page, imp, again]) await p.context().close();
});

test('a Sowing row shows its game value and its options, explored with a breadcrumb back', async () => {
  const page = await open('#/play?rules=sowing&setup=x1111x-l');
  await page.waitForSelector('.cgt-value', { timeout: 60000 });
  assert.equal(await page.textContent('.cgt-value'), '•1111• = ±(0, {1|0})');
  assert.match(await page.textContent('.cgt-outcome'), /Outcome N/);
  assert.equal(await page.getAttribute('#pit-s-0', 'aria-label'), 'Pot 1: a full pot, never sown');
  await page.click('.cgt-options li a >> nth=0');
  await page.waitForFunction(() => document.querySelector('.cgt-trail a') && /•0211• = /.test(document.querySelector('.cgt-value')?.textContent || ''), null, { timeout: 60000 });
  // After one of Left's options, Right moves: the link to play from there says so.
  // The breadcrumb goes back; the option again, and play from there: the row is one of Left's
  // moves from the board, so it is played as a move.
  await page.click('.cgt-trail a');
  await page.waitForFunction(() => /^•1111• = /.test(document.querySelector('.cgt-value')?.textContent || ''), null, { timeout: 60000 });
  await page.click('.cgt-options li a >> nth=0');
  await page.waitForSelector('button.play-row', { timeout: 60000 });
  assert.match(await page.textContent('button.play-row'), /^Play from this row, Right to move \(a side line of the game\)$/);
  await page.click('button.play-row');
  await page.waitForFunction(() => /moves=2r$/.test(location.hash));
  assert.equal(await page.isEnabled('button.undo'), true);
  await page.click('button.undo');
  await page.waitForFunction(() => /moves=2r&ply=0$/.test(location.hash));
  await page.waitForFunction(() => /^•1111• = /.test(document.querySelector('.cgt-value')?.textContent || ''), null, { timeout: 60000 });
  // The editor shows full pots as x and takes them typed.
  await page.click('.editor summary');
  await soon(() => page.inputValue('.ed-cell input >> nth=0'), 'x');
  await page.fill('.ed-cell input >> nth=2', '•');
  await soon(() => page.$('.field-error'), null);
  assert.equal(await page.inputValue('#ed-setup'), 'x.1.•.1.1.x-l');
  await page.fill('.ed-cell input >> nth=2', 'y');
  await soon(() => page.textContent('.field-error'), /Pot 3: .*or x \(or •\) a full pot/);
  // Sparse Atomic Wari rows are sums of .37 heaps (Theorem 3.1).
  const atomic = await open('#/play?rules=atomic&setup=122201-l');
  await atomic.waitForSelector('.cgt-heaps', { timeout: 60000 });
  assert.match(await atomic.textContent('.cgt-heaps'), /heaps, one a run of 2s: 3\./);
  for (const p of [page, atomic]) await p.context().close();
});

test('one numbering everywhere (defect 3), a row explored is played as a side line with Undo (defect 6), a huge row waits to be asked (defect 10)', async () => {
  // 0 4 4 0 2: Right's only move is pot 5 — so named in the Game value panel too.
  const page = await open('#/play?rules=sowing&moves=1r.4l');
  await noAnimation(page);
  await page.waitForSelector('.cgt-options li a', { timeout: 60000 });
  const right = await page.$$eval('.cgt-options', (cols) => cols[1].textContent);
  assert.match(right, /5l → /);
  assert.doesNotMatch(right, /4l → /);
  // From an earlier position, a row explored beside the main line's move: a side line.
  const earlier = await open('#/play?rules=sowing&moves=1r.4l&ply=1');
  await noAnimation(earlier);
  await earlier.waitForSelector('.cgt-options li a', { timeout: 60000 });
  const options = await earlier.$$eval('.cgt-options', (cols) => [...cols[1].querySelectorAll('li a')].map((a) => a.textContent));
  const other = options.findIndex((o) => !o.startsWith('4l'));
  assert.ok(other >= 0, options.join());
  await earlier.click(`.cgt-options >> nth=1 >> li a >> nth=${other}`);
  await earlier.waitForSelector('button.play-row', { timeout: 60000 });
  await earlier.click('button.play-row');
  await earlier.waitForFunction(() => /moves=1r\.4l\(/.test(location.hash));
  assert.equal(await earlier.$$eval('.move-list .variation', (els) => els.length), 1, 'the main line is kept');
  assert.equal(await earlier.isEnabled('button.undo'), true);
  // A huge Atomic Wari row: the valuation that starts by itself stops soon and asks.
  const huge = await open('#/play?rules=atomic&setup=99999999999999999999999-l');
  await huge.waitForSelector('.too-big', { timeout: 60000 });
  assert.match(await huge.textContent('.too-big'), /more than 200000 rows follow this one/);
  assert.ok(await huge.$('button.value-all'));
  for (const p of [page, earlier, huge]) await p.context().close();
});
