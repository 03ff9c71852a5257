// End-to-end: The play page: moves by click and key, animation, the editor, New game, the phone width, screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, artifacts, count, noAnimation, open, soon } from './helpers.mjs';

setup();

test('play moves by clicking pits and read the counts', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  assert.equal(await page.getAttribute('#pit-s-2', 'aria-label'), 'South c: 4 seeds');
  await page.click('#pit-s-2'); // c: 4 seeds to d, e, f and the store: South moves again
  await soon(() => page.textContent('.status'), /South plays c, moves again\. South to move\./);
  assert.deepEqual(await Promise.all(['pit-s-2', 'pit-s-3', 'pit-s-5', 'store-s'].map((id) => count(page, id))), [0, 5, 5, 1]);
  await page.click('#pit-s-5'); // f: 5 seeds to the store and North a..d
  await soon(() => page.textContent('.status'), /North to move/);
  assert.deepEqual(await Promise.all(['store-s', 'pit-n-0', 'pit-n-3', 'pit-n-4'].map((id) => count(page, id))), [2, 5, 5, 4]);
  // South's pits are no longer buttons; a click on one says why nothing is played.
  assert.equal(await page.getAttribute('#pit-s-0', 'role'), 'img');
  await page.click('#pit-s-0');
  await soon(() => page.textContent('.notice'), "South a is South's pit: North is to move.");
  assert.match(page.url(), /moves=cf$/, 'nothing played');
  // The URL records the game.
  assert.match(page.url(), /#\/play\?rules=kalah-6-4&moves=cf$/);
  // Keyboard play: focus a legal pit, arrow to the next, Enter.
  await page.focus('#pit-n-0');
  await page.keyboard.press('Enter');
  await soon(() => page.textContent('.status'), /North plays a/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('animated sowing shows the seeds moving and can be skipped', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await page.selectOption('.speed select', '400');
  await page.click('#pit-s-0');
  await page.waitForSelector('.hand');
  assert.ok(await page.isVisible('button.skip'));
  await page.click('button.skip');
  await page.waitForSelector('.hand', { state: 'detached' });
  assert.equal(await count(page, 'pit-s-4'), 5);
  await page.context().close();
});

test('the computer answers a move', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  await page.selectOption('.player-n', '3'); // medium
  await page.click('#pit-s-0');
  await page.waitForFunction(() => document.querySelector('.status').textContent.includes('North plays'), null, { timeout: 20000 });
  // North answered with one of its pits, recorded in the link, and every seed is still there.
  const north = (await page.textContent('.status')).match(/North plays ([a-f])/)[1];
  assert.match(new URL(page.url()).hash, new RegExp(`moves=a${north}`));
  const counts = await page.$$eval('svg.board g[data-count]', (els) => els.map((e) => Number(e.dataset.count)));
  assert.equal(counts.reduce((a, b) => a + b, 0), 48);
  await page.context().close();
});

test('the position editor explains invalid setups and applies valid ones', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cf');
  await noAnimation(page);
  await page.click('.editor summary');
  await page.fill('#ed-setup', '4.4.4-4.4.4.4.4.4-0.0-s');
  await page.click('button.apply');
  await soon(() => page.textContent('.notice'), /Position editor: South's row has 3 pits but these rules have 6 pits per side\. The game is unchanged\./);
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3, 'the game is not lost');
  // Number fields write the setup; apply it: North to move with a capture available.
  await page.fill('#ed-setup', '0.0.0.0.0.1-3.0.0.0.0.7-10.5-s');
  await page.click('button.apply');
  await soon(() => page.$('.notice'), null);
  assert.match(await page.textContent('.status'), /South to move/);
  await page.click('#pit-s-5');
  assert.match(page.url(), /setup=0\.0\.0\.0\.0\.1-3\.0\.0\.0\.0\.7-10\.5-s&moves=f/);
  await page.context().close();
});

test('a new custom Kalah game from the dialog', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await page.click('.new-game summary');
  await page.fill('#ng-pits', '4');
  await page.fill('#ng-seeds', '3');
  await page.selectOption('#ng-capture', '-e');
  await page.click('.custom button[type=submit]');
  await page.waitForFunction(() => location.hash.includes('rules=kalah-4-3-e'));
  assert.equal(await page.$$eval('.pit', (els) => els.length), 8);
  // A fault is said beside its field, in words about the field (defect 4).
  for (const [value, said] of [['13', 'Pits a side: 13 is too many; at most 12'], ['', 'Pits a side: type a number from 1 to 12']]) {
    await page.fill('#ng-pits', value);
    await page.click('.custom button[type=submit]');
    await soon(() => page.textContent('#ng-pits-error'), said);
    const [field, error] = [await page.locator('#ng-pits').boundingBox(), await page.locator('#ng-pits-error').boundingBox()];
    assert.ok(Math.abs(error.y - field.y) < 60, `the message is beside the field (${field.y}, ${error.y})`);
    assert.equal(await page.getAttribute('#ng-pits', 'aria-invalid'), 'true');
  }
  await page.fill('#ng-pits', '6');
  await page.fill('#ng-seeds', '100');
  await page.click('.custom button[type=submit]');
  await soon(() => page.textContent('#ng-seeds-error'), /^Seeds a pit: 100 is too many; at most \d+$/);
  assert.equal(await page.$('#ng-pits-error'), null, 'a mended field says nothing');
  assert.match(page.url(), /rules=kalah-4-3-e/, 'the game is kept');
  await page.context().close();
});

test('New game shows, and starts, the current rules (defect 1)', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await page.click('.new-game summary');
  await soon(() => page.inputValue('#ng-capture'), '');
  assert.equal(await page.inputValue('#ng-end'), '');
  await page.fill('#ng-pits', '5');
  await page.click('.custom button[type=submit]');
  await page.waitForFunction(() => location.hash.includes('rules=kalah-5-4'));
  assert.match(page.url(), /rules=kalah-5-4$/, 'standard rules stay standard');
  // From Erickson's rules, the form shows them.
  const erickson = await open('#/play?rules=erickson');
  await erickson.click('.new-game summary');
  assert.deepEqual([await erickson.inputValue('#ng-capture'), await erickson.inputValue('#ng-end'), await erickson.inputValue('#ng-seeds')], ['-e', '-m', '3']);
  for (const p of [page, erickson]) await p.context().close();
});

test('the editor names the field at fault, and an applied position can be undone (defect 7)', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cf');
  await noAnimation(page);
  await page.click('.editor summary');
  await page.fill('.ed-cell input >> nth=2', '-3');
  await soon(() => page.textContent('.field-error'), /South c: '-3' is negative: a count is 0 or more/);
  await page.click('button.apply');
  await soon(() => page.textContent('.notice'), /Position editor: South c: '-3' is negative.*The game is unchanged/);
  await page.fill('.ed-cell input >> nth=2', '7');
  await soon(() => page.$('.field-error'), null);
  assert.match(await page.inputValue('#ed-setup'), /^4\.4\.7\./);
  await page.fill('#ed-setup', '0.0.0.0.0.1-3.0.0.0.0.7-10.5-s');
  await page.click('button.apply');
  await soon(() => page.$$eval('.move-list .ply', (els) => els.length), 1);
  // Undo at the start of the new position brings the game back, moves and all.
  await page.click('button.undo');
  await soon(() => page.$$eval('.move-list .ply', (els) => els.length), 3);
  assert.match(page.url(), /rules=kalah-6-4&moves=cf/);
  await page.context().close();
});

test('a phone is 390 px wide: nothing scrolls the page sideways, and pits are 40 px tap targets (defect 8)', async () => {
  const phone = { viewport: { width: 390, height: 844 } };
  for (const [hash, wait] of [['#/lab/solved-kalah', '.solved-grid'], ['#/play?rules=kalah-12-4', 'svg.board'], ['#/play?rules=kalah-6-4', 'svg.board'], ['#/play?rules=sowing-i&setup=3121-l', 'svg.board']]) {
    const page = await open(hash, { ...phone, wait });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, `${hash} scrolls sideways`);
    if (wait === 'svg.board') {
      // A pit's column (a pot with two moves too: its tap asks which way).
      const sizes = await page.$$eval('.pit.legal > .hit', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }));
      assert.ok(sizes.length > 0, `${hash}: tap targets found`);
      assert.ok(Math.min(...sizes) >= 40, `${hash}: tap targets ${Math.min(...sizes)} px`);
    }
    if (hash.includes('sowing-i')) {
      // Pot 2 of 3121 goes either way: a tap asks, with buttons a thumb can hit.
      await noAnimation(page);
      await page.click('#pit-s-1');
      const ways = await page.$$eval('.way-chooser button', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return [e.textContent, Math.min(r.width, r.height)]; }));
      assert.deepEqual(ways.map((w) => w[0]), ['← left', 'right →', 'Cancel']);
      assert.ok(Math.min(...ways.map((w) => w[1])) >= 40, `ways ${JSON.stringify(ways)}`);
      await page.click('.way-chooser button.way >> nth=1');
      await soon(() => Promise.all(['pit-s-0', 'pit-s-1', 'pit-s-2'].map((id) => count(page, id))), [3, 0, 3]);
      assert.equal(await page.$('.way-chooser'), null);
    }
    await page.context().close();
  }
});

test('keys step through the game, the focus stays on the board, the move list is numbered by turn', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cfbd');
  await noAnimation(page);
  await page.click('h2 >> text=Moves');
  await page.keyboard.press('Home');
  const shown = () => page.$$eval('.ply', (els) => els.findIndex((e) => e.classList.contains('current')));
  await soon(shown, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await soon(shown, 2);
  await page.keyboard.press('End');
  await soon(shown, 4);
  await page.keyboard.press('ArrowLeft');
  await soon(shown, 3);
  await page.keyboard.press('End');
  await soon(() => page.$$eval('.move-list .turn-no', (els) => els.map((e) => e.textContent)), ['1.', '2.']);
  // A move by keyboard keeps the focus on the board.
  await page.focus('#pit-s-0');
  await page.keyboard.press('Enter');
  await soon(() => page.evaluate(() => document.activeElement?.closest('svg.board') !== null), true);
  await page.context().close();
});

test('a finished game says so with a Rematch, and no warning is logged on load', async () => {
  const page = await open('#/play?rules=kalah-1-1&moves=a');
  assert.match(await page.textContent('.game-over'), /Game over: Draw/);
  await page.click('button.rematch');
  await soon(() => page.$$eval('.move-list .ply', (els) => els.length), 1);
  assert.equal(await page.$('.game-over'), null);
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.deepEqual(page.console, [], 'console warnings and errors');
  await page.context().close();
});

test('a link keeps its players: a reload goes on with the computer', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  await page.selectOption('.player-n', '1'); // random
  await page.waitForFunction(() => location.hash.includes('north=random'));
  await page.evaluate(() => { location.hash = '#/play?rules=kalah-6-4&moves=cf'; });
  await page.waitForFunction(() => document.querySelectorAll('.move-list .ply').length === 3);
  assert.equal(await page.inputValue('.player-n'), '0', "a link without players: people on both sides");
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3, 'nobody played the shared position');
  // A link with the computer as North: it plays North's turn, and a reload keeps it.
  const vs = await open('#/play?rules=kalah-6-4&moves=ca&north=easy');
  await noAnimation(vs);
  await vs.waitForFunction(() => document.querySelectorAll('.move-list .ply').length > 3, null, { timeout: 20000 });
  assert.equal(await vs.inputValue('.player-n'), '2');
  await vs.reload();
  await vs.waitForSelector('svg.board');
  assert.equal(await vs.inputValue('.player-n'), '2', 'the reload keeps the players');
  for (const p of [page, vs]) await p.context().close();
});

test('screenshots of the board (laptop and phone) are saved as artifacts, each showing the board whole', async () => {
  // A PNG's width and height (its IHDR chunk).
  const size = (f) => { const b = fs.readFileSync(path.join(artifacts, f)); return [b.readUInt32BE(16), b.readUInt32BE(20)]; };
  // What is pictured: the whole board in the viewport, with its fourteen cells drawn.
  const inView = (p) => p.$eval('svg.board', (e) => { const r = e.getBoundingClientRect(); return [r.width > 200, r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight, e.querySelectorAll('[data-count]').length]; });
  const page = await open('#/play?rules=kalah-6-4&moves=cfbd');
  assert.deepEqual(await inView(page), [true, true, 14]);
  await page.screenshot({ path: path.join(artifacts, 'board-laptop.png'), fullPage: true });
  const phone = await open('#/play?rules=kalah-6-4&moves=cfbd', { viewport: { width: 390, height: 844 } });
  assert.deepEqual(await inView(phone), [true, true, 14]);
  await phone.screenshot({ path: path.join(artifacts, 'board-phone.png'), fullPage: false });
  const home = await open('#/');
  assert.equal(await home.$$eval('.game-card', (els) => els.length), 28);
  await home.screenshot({ path: path.join(artifacts, 'home.png'), fullPage: true });
  const dpr = await phone.evaluate(() => devicePixelRatio);
  assert.deepEqual(size('board-phone.png'), [390 * dpr, 844 * dpr], 'the phone shot is the phone screen');
  const laptop = page.viewportSize();
  const [w, h] = size('board-laptop.png');
  assert.ok(w === laptop.width * (await page.evaluate(() => devicePixelRatio)) && h >= laptop.height, `the laptop shot is the page: ${w} x ${h}`);
  assert.ok(size('home.png')[1] > size('home.png')[0], 'the home page shot is the whole (long) page');
  for (const p of [page, phone, home]) await p.context().close();
});
