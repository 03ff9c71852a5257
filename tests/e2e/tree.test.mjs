// A game is a tree: playing from an earlier position adds a side line and never cuts one; the
// move list shows the tree, any move can be shown, promoted or deleted; keys move through it;
// links reopen the same node; the record exports and imports the whole tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, noAnimation, soon } from './helpers.mjs';

setup();

const plies = (page) => page.$$eval('.move-list .ply', (els) => els.map((e) => e.textContent));
// The move shown, once it is `expected` (see `soon`).
const current = (page, expected, message) => soon(() => page.textContent('.ply.current'), expected, message);

test('a best-line move is previewed, never replacing the game; a pit clicked at an earlier ply adds a side line (defect 1)', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=fabcde');
  await noAnimation(page);
  await page.click('button.hint');
  await page.waitForFunction(() => document.querySelector('.line-move'), null, { timeout: 30000 });
  await page.click('.line-move >> nth=0');
  await page.waitForSelector('.preview-bar:not(.empty)');
  assert.match(page.url(), /moves=fabcde$/, 'the game is untouched by a preview');
  await page.keyboard.press('Escape');
  // Back to the start, then a pit: a side line beside the game.
  const game = await open('#/play?rules=kalah-6-4&moves=bcdab');
  await noAnimation(game);
  await game.click('button[aria-label="First position"]');
  await game.click('#pit-s-5');
  await game.waitForFunction(() => location.hash.includes('moves=b(f)'));
  assert.match(game.url(), /moves=b\(f\)cdab&line=2$/);
  assert.equal(await game.$$eval('.move-list .variation', (els) => els.length), 1);
  await current(game, 'S f');
  // Undo goes back along the side line; the main line is one click away.
  await game.click('button.undo');
  await current(game, 'start');
  await game.click('.move-list .turn .ply >> text=d');
  assert.match(game.url(), /moves=b\(f\)cdab&ply=3$/);
  for (const p of [page, game]) await p.context().close();
});

test('keys move through the tree: ← → along the line, ↑ ↓ between the moves played at one point, Home End', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=fa(cd)(e)bcde');
  await noAnimation(page);
  await page.click('h2 >> text=Moves');
  await page.keyboard.press('Home');
  await current(page, 'start');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await current(page, 'a');
  await page.keyboard.press('ArrowDown');
  await current(page, 'N c');
  await page.keyboard.press('ArrowRight');
  await current(page, 'S d');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await current(page, 'N e');
  await page.keyboard.press('ArrowDown');
  await current(page, 'a', 'round to the main line');
  await page.keyboard.press('ArrowUp');
  await current(page, 'N e');
  await page.keyboard.press('End');
  await current(page, 'N e', 'the side line e has one move');
  // From a move of the list, the keys take the focus along to the move shown.
  await page.click('.move-list button.ply >> nth=1');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.activeElement?.matches('.move-list button.ply.current'));
  // Redo and Undo move along the line on screen.
  await page.keyboard.press('Home');
  await page.click('button.redo');
  await current(page, 'f');
  await page.context().close();
});

test('a side line is promoted to the main line, and a deletion can be taken back', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=fa(cd)bcde');
  await noAnimation(page);
  await page.click('.variation .ply >> nth=1');
  await current(page, 'S d');
  await page.click('button.promote');
  await page.waitForFunction(() => location.hash.includes('moves=fc(abcde)d'));
  assert.equal(await page.$('button.promote'), null, 'on the main line now');
  await page.click('button.delete-node');
  await page.waitForFunction(() => /moves=fc\(abcde\)$/.test(location.hash));
  await current(page, 'c');
  await page.click('button.back');
  await page.waitForFunction(() => location.hash.includes('moves=fc(abcde)d'));
  await page.context().close();
});

test('a shared link reopens the same node of the tree, with its comments', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=fa(cd)bcde&line=4&ply=2');
  await noAnimation(page);
  await current(page, 'N c');
  await page.fill('.comment-edit textarea', 'worth a look');
  await page.press('.comment-edit textarea', 'Tab');
  await page.waitForFunction(() => location.hash.includes('worth'));
  const link = page.url();
  assert.match(link, /moves=fa\(c%7Bworth%20a%20look%7Dd\)bcde&line=4&ply=2$/);
  const again = await open(link.slice(link.indexOf('#')));
  await current(again, 'N c');
  assert.equal(await again.textContent('.move-list .comment'), 'worth a look');
  assert.equal(await again.inputValue('.comment-edit textarea'), 'worth a look');
  for (const p of [page, again]) await p.context().close();
});

test('the game record exports the tree and imports one, a bad record said beside the field', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=fa(cd)b&north=hard');
  await noAnimation(page);
  await page.click('.record summary');
  const record = await page.inputValue('.record-text');
  assert.equal(record, '[Rules "kalah-6-4"]\n[South "human"]\n[North "hard"]\n\nf a (c d) b\n');
  assert.match(await page.getAttribute('.download-record', 'href'), /^data:text\/plain/);
  await page.fill('.record-import textarea', '[Rules "kalah-4-3"]\n(b) c');
  await page.click('button.open-record');
  await soon(() => page.textContent('.record .field-error'), /^moves: a side line '\(' before the first move has no move before it/);
  assert.match(page.url(), /rules=kalah-6-4/, 'nothing opened');
  await page.fill('.record-import textarea', '[Rules "kalah-4-3"]\n[South "easy"]\nb (a) c\n');
  await page.click('button.open-record');
  await page.waitForFunction(() => location.hash.includes('rules=kalah-4-3'));
  assert.match(page.url(), /rules=kalah-4-3&moves=b\(a\)c/);
  assert.match(page.url(), /south=easy/);
  await page.click('button.back');
  await page.waitForFunction(() => location.hash.includes('rules=kalah-6-4'));
  await page.context().close();
});

test('after a move by keyboard the focus is on a pit the player may play, and ← does not rewind (defect 2)', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  // One Tab stop: the board's first playable pit.
  assert.equal(await page.$$eval('svg.board [tabindex="0"]', (els) => els.map((e) => e.id).join()), 'pit-s-0');
  await page.focus('#pit-s-2');
  await page.keyboard.press('Enter'); // c: the last seed in the store, South moves again
  await page.waitForFunction(() => location.hash.includes('moves=c'));
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert.match(focused, /^pit-s-/, `focus on a pit of South's (${focused})`);
  assert.notEqual(focused, 'pit-s-2', 'not the emptied pit');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /moves=c[abdef]/.test(location.hash));
  assert.doesNotMatch(page.url(), /ply=|\(/, 'no step back, no side line');
  await page.context().close();
});

test('a click while the computer\'s move is still shown plays at once (defect 5)', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=c&north=easy');
  await page.selectOption('select[aria-label="Animation speed"]', '400');
  await page.click('#pit-s-0');
  // North's answer is sown slowly; South's click during it is taken.
  await page.waitForFunction(() => /North sows/.test(document.querySelector('.status')?.textContent || '') && document.querySelector('.skip'), null, { timeout: 20000 });
  const before = (await plies(page)).length;
  await page.click('.pit.legal >> nth=0');
  await page.waitForFunction((n) => document.querySelectorAll('.move-list .ply').length > n, before);
  assert.ok((await plies(page)).length > before, 'the click was played');
  await page.context().close();
});
