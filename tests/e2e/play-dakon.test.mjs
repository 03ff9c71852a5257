// End-to-end: Dakon on the play page: relay laps, leaves, the computer, links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, count, noAnimation, open, soon } from './helpers.mjs';

setup();

test('Dakon plays on the board: relay laps, the computer, hints, leaves and links', async () => {
  const page = await open('#/play?rules=dakon-8');
  await noAnimation(page);
  assert.match(await page.textContent('.status'), /South to move\. Round 1\./);
  // The Maldivian opening's first moves: a (1) ends in the store; h (8) relays once.
  await page.click('#pit-s-0');
  await soon(() => page.textContent('.status'), /South plays a, moves again\. South to move\./);
  assert.equal(await count(page, 'store-s'), 1);
  await page.click('#pit-s-7');
  await page.click('#pit-s-7');
  await page.click('#pit-s-5');
  await soon(() => page.textContent('.status'), /South plays f, 2 laps, moves again/);
  assert.equal(await count(page, 'store-s'), 6);
  // The link reopens the same game.
  const again = await open(`#/play?${new URL(page.url()).hash.split('?')[1]}`);
  assert.equal(await count(again, 'store-s'), 6);
  // One turn of South's: a, h, h, f (the move list groups a turn's moves).
  assert.match(await again.textContent('.moves'), /1\.\s*South\s*a\s*h\s*h\s*f/);
  // Hints: every legal hole gets a value from the worker (each of them, not just one).
  const legal = await again.$$eval('.pit.legal', (els) => els.map((e) => e.id));
  assert.ok(legal.length >= 2, `legal holes: ${legal}`);
  await again.click('button.analyze');
  await again.waitForFunction((n) => document.querySelectorAll('.pit.legal .hint').length === n, legal.length, { timeout: 20000 });
  await again.click('button.stop');
  const hinted = await again.$$eval('.pit.legal', (els) => els.filter((e) => (e.querySelector('.hint text')?.textContent.trim() || '') !== '').map((e) => e.id));
  assert.deepEqual(hinted, legal, 'a value on every legal hole');
  // The computer plays both sides (a turn is several moves) until North has moved.
  await again.selectOption('.player-n', '2'); // easy
  await again.selectOption('.player-s', '2');
  await again.waitForFunction(() => /North\s*[a-h]/.test(document.querySelector('.moves').textContent), null, { timeout: 30000 });
  // The computer's moves are in the game: South's turn went on from a h h f, then North played.
  assert.match(await again.textContent('.moves'), /1\.\s*South\s*a\s*h\s*h\s*f(\s*[a-h])*\s*2\.\s*North\s*[a-h]/);
  assert.match(again.url(), /moves=ahhf[a-h]+/);
  await again.selectOption('.player-s', '0');
  await again.selectOption('.player-n', '0');
  // A won game is said in words, on the board and in the panel (the search's 1000 + margin).
  const won = await open('#/play?rules=dakon-2&setup=1.1-1.3-2.0-s');
  await won.click('button.hint');
  await won.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.deepEqual([await won.textContent('#pit-s-0 .hint text'), await won.textContent('#pit-s-1 .hint text')], ['★ win 8', 'win 6']);
  assert.match(await won.textContent('.move-values'), /a: win by 8.*b: win by 6/s);
  assert.match(await won.textContent('.analysis .value'), /Value for South: win by 8/);
  await won.context().close();
  // Holes marked out with a leaf: drawn as such, never played into.
  const leaves = await open('#/play?rules=dakon-4&setup=4.4.4.4-4.x.x.x-11.1-s');
  assert.match(await leaves.getAttribute('#pit-n-1', 'aria-label'), /North b \(marked out with a leaf\)/);
  assert.equal(await leaves.getAttribute('#pit-n-1', 'class'), 'pit leaf');
  await noAnimation(leaves);
  await leaves.click('#pit-s-3');
  await soon(() => Promise.all(['pit-n-1', 'pit-n-2', 'pit-n-3'].map((id) => count(leaves, id))), [0, 0, 0]);
  // Sungka's simultaneous start, turn by turn: South's a ends in the store, North moves next.
  const sungka = await open('#/play?rules=sungka');
  await noAnimation(sungka);
  await sungka.click('#pit-s-0');
  await soon(() => sungka.textContent('.status'), /South plays a, still in its first turn\. North to move\. Sungka's simultaneous first turns/);
  await sungka.context().close();
  // A bad Dakon link says what is wrong.
  const bad = await open('#/play?rules=dakon-4&setup=4.4.4.4-x.4.4.4-11.1-s');
  assert.match(await bad.textContent('.link-error'), /marked-out holes must be the last ones/);
  assert.deepEqual([...page.errors, ...again.errors, ...leaves.errors, ...bad.errors], []);
  for (const p of [page, again, leaves, bad]) await p.context().close();
});

test("Dakon's values do not overlap, and a finished game shows no stale figures (defect 4)", async () => {
  const page = await open('#/play?rules=dakon-2&setup=1.1-1.3-2.0-s');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  const boxes = await page.$$eval('.move-values li', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, e.scrollWidth <= e.clientWidth + 1]; }));
  assert.equal(boxes.length, 2, 'a value for each of the two moves');
  assert.ok(boxes.every((b) => b[3]), 'every value fits its column');
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      assert.ok(a[2] !== b[2] || a[1] <= b[0] || b[1] <= a[0], 'two values on one line do not overlap');
    }
  }
  const over = await open('#/play?rules=kalah-1-1&moves=a');
  assert.match(await over.textContent('.analysis'), /The game is over/);
  assert.equal(await over.$('.analysis .nodes'), null);
  assert.match(await over.textContent('.game-over'), /Game over: Draw, 1 to 1/);
  for (const p of [page, over]) await p.context().close();
});
