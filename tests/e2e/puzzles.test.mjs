// End-to-end: the puzzle trainer (#/puzzles). A shipped puzzle solved by clicks (the defence
// answering), a wrong move's refutation shown without counting as solved, the rating and the
// streak moving, a puzzle's link reopened after a reload and with the server down, the filters,
// the puzzle of the day, and a bad link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, open, soon, dist } from './helpers.mjs';
import { serve } from './serve.mjs';

setup();

/// A shipped file's puzzles: id, setup, the solution's steps (each a list of moves), the
/// rating, the themes, the refutations' first step's wrong moves.
function shipped(rules) {
  const text = fs.readFileSync(path.join(dist, 'puzzles', `${rules}.tsv`), 'utf8');
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => {
    const f = l.split('\t');
    return { id: f[0], setup: f[2], steps: f[3].split(' ').map((s) => s.split('|')), rating: Number(f[9]), themes: f[7], wrong: f[10].split('/')[0].split(',').map((r) => r.split(':')[0]), finish: f[11] === '-' ? [] : f[11].split(' ') };
  });
}

/// The pit of a Kalah move for `side` ('s' or 'n').
const pit = (side, mv) => `#pit-${side}-${mv.charCodeAt(0) - 97}`;

/// A Kalah(6,4) puzzle with South to move and at least two moves of South's.
const southPuzzle = (k = 0) => shipped('kalah-6-4').filter((p) => p.setup.endsWith('-s') && p.steps.length >= 3)[k];

/// Plays the rest of a puzzle's solution by clicks: each time the trainer awaits the player,
/// the step's first accepted move (South's pit); the defence's steps come by themselves.
async function solveByClicks(page, p) {
  for (;;) {
    await page.waitForFunction(() => {
      const t = document.querySelector('.trainer');
      return t && (t.dataset.awaiting === 'true' || t.dataset.state === 'solved');
    }, null, { timeout: 10000 });
    if ((await page.getAttribute('.trainer', 'data-state')) === 'solved') return;
    const k = Number(await page.getAttribute('.trainer', 'data-ply'));
    await page.click(pit('s', p.steps[k][0]));
    await soon(async () => Number(await page.getAttribute('.trainer', 'data-ply')) > k, true, `step ${k} of ${p.id}`);
    assert.match(await page.textContent('.puzzle-said'), /^Correct: /);
  }
}

test('a puzzle solved by clicks: the defence answers, Solved!, the rating and the streak move', async () => {
  const p = southPuzzle(0);
  const page = await open(`#/puzzles?id=${p.id}`, { wait: '.trainer svg.board' });
  assert.equal(await page.getAttribute('.trainer', 'data-id'), p.id);
  assert.match(await page.textContent('.puzzle-task'), /^South to move/);
  assert.match(await page.textContent('.puzzle-stats'), /1500 ± 350 · streak 0/);
  await solveByClicks(page, p);
  assert.match(await page.textContent('.puzzle-said'), /Solved!( The game goes on from here: with best play you (win|draw|lose)[^.]*\.)?$/);
  await soon(() => page.textContent('.streak'), '1');
  const rating = Number((await page.textContent('.my-rating')).split(' ')[0]);
  assert.ok(rating > 1500, `rating ${rating}`);
  assert.match(await page.textContent('.puzzle-history'), new RegExp(`${p.id} solved`));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a wrong move: its refutation on the board and in words, Try again, and it does not count', async () => {
  const p = southPuzzle(1);
  const page = await open(`#/puzzles?id=${p.id}`, { wait: '.trainer svg.board' });
  await page.click(pit('s', p.wrong[0]));
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'wrong');
  assert.match(await page.textContent('.puzzle-said'), new RegExp(`^Wrong: ${p.wrong[0]}( \\([^)]*\\))? (gives .* away|is .* worse than the best move): with best play you`));
  // The preview: the wrong move and its refutation, stepped back to before the wrong move.
  const [shown, all] = (await page.textContent('.preview-controls .ply')).match(/(\d+) of (\d+) moves? shown/).slice(1).map(Number);
  assert.equal(shown, all);
  for (let k = 0; k < all; k += 1) await page.click('.preview-controls button.back');
  assert.match(await page.textContent('.preview-controls .ply'), new RegExp(`^0 of ${all} moves? shown`));
  await soon(() => page.textContent('.streak'), '0');
  assert.match(await page.textContent('.puzzle-history'), new RegExp(`${p.id} missed`));
  const missed = await page.textContent('.my-rating');
  assert.ok(Number(missed.split(' ')[0]) < 1500, missed);
  // Analyse: the play page with the puzzle as a tree, the wrong move a side line.
  const analyse = await page.getAttribute('a.analyse', 'href');
  assert.match(analyse, /^#\/play\?/);
  assert.match(analyse, /setup=/);
  await page.click('button.try-again');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'solving');
  await solveByClicks(page, p);
  assert.match(await page.textContent('.puzzle-said'), /Solved after a wrong move: it counts as missed\.( The game goes on from here: with best play you (win|draw|lose)[^.]*\.)?$/);
  assert.equal(await page.textContent('.my-rating'), missed, 'counted once, as missed');
  assert.equal(await page.textContent('.streak'), '0');
  // Show the solution on the next puzzle: the board steps through it.
  await page.click('.puzzle-actions button.next');
  await page.waitForFunction((id) => document.querySelector('.trainer')?.dataset.id !== id, p.id);
  await page.click('button.show-solution');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'shown');
  await page.click('.preview-controls button.back');
  assert.match(await page.textContent('.preview-controls .ply'), /^\d+ of \d+ moves? shown/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a puzzle link reopens it after a reload and with the server down; the filters and the day', async (t) => {
  const server = await serve(dist);
  t.after(() => { server.closeAllConnections(); server.close(); });
  const base = `http://127.0.0.1:${server.address().port}/index.html`;
  const p = shipped('awari-6-4')[3];
  const page = await open(`#/puzzles?id=${p.id}`, { base, wait: '.trainer svg.board' });
  t.after(() => page.context().close());
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  assert.ok(server.served.includes('puzzles/kalah-6-4.tsv'), 'every rule set precached');
  await page.reload();
  await page.waitForSelector('.trainer svg.board');
  assert.equal(await page.getAttribute('.trainer', 'data-id'), p.id);
  server.refusing = true;
  await page.evaluate((id) => { location.hash = `#/puzzles?id=${id}`; }, shipped('kalah-6-4')[5].id);
  await soon(() => page.getAttribute('.trainer', 'data-id'), shipped('kalah-6-4')[5].id);
  await page.reload();
  await page.waitForSelector('.trainer svg.board', { timeout: 30000 });
  assert.equal(await page.getAttribute('.trainer', 'data-id'), shipped('kalah-6-4')[5].id, 'offline');
  server.refusing = false;
  // The filters: a hard capture of Kalah(6,3).
  await page.selectOption('select.filter-rules', 'kalah-6-3');
  await page.waitForFunction(() => /rules=kalah-6-3/.test(location.hash) && /id=kalah-6-3-/.test(location.hash));
  await page.selectOption('select.filter-theme', 'capture');
  await page.waitForFunction(() => /theme=capture/.test(location.hash) && /id=kalah-6-3-/.test(location.hash));
  await page.selectOption('select.filter-level', 'hard');
  await page.waitForFunction(() => /level=hard/.test(location.hash) && /id=kalah-6-3-/.test(location.hash));
  await soon(async () => (await page.getAttribute('.trainer', 'data-id')).startsWith('kalah-6-3-'), true);
  const id = await page.getAttribute('.trainer', 'data-id');
  const chosen = shipped('kalah-6-3').find((q) => q.id === id);
  assert.ok(chosen.rating > 1700 && chosen.themes.includes('capture'), `${id}: ${chosen.rating} ${chosen.themes}`);
  // Filters that find nothing (Conway's Sowing has no capture) say so and leave no other
  // game's puzzle on the board; filters changed again find one.
  await page.selectOption('select.filter-rules', 'sowing-8-3');
  await soon(() => page.textContent('.puzzles-lab .error'), /No puzzle of Conway's Sowing.* has the theme a capture and the level hard \(above 1700\): change a filter/);
  assert.equal(await page.$('.trainer'), null);
  await page.selectOption('select.filter-theme', '');
  await page.selectOption('select.filter-level', 'any');
  await page.waitForSelector('.trainer svg.board');
  await soon(async () => (await page.getAttribute('.trainer', 'data-id')).startsWith('sowing-8-3-'), true);
  assert.equal(await page.$('.puzzles-lab .error'), null);
  // The puzzle of the day: the same twice.
  await page.click('button.daily');
  await page.waitForFunction((id) => document.querySelector('.trainer')?.dataset.id !== id, id);
  const day = await page.getAttribute('.trainer', 'data-id');
  // The day's puzzle opens in its own game: Next stays in it.
  await soon(() => page.$eval('select.filter-rules', (s) => s.value), day.replace(/-[0-9a-f]{8}$/, ''));
  assert.match(await page.textContent('.puzzle-meta'), /^The puzzle of the day \(\d{4}-\d\d-\d\d\)/);
  await page.click('.puzzle-actions button.next');
  await page.waitForFunction((d) => document.querySelector('.trainer')?.dataset.id !== d, day);
  await page.click('button.daily');
  await soon(() => page.getAttribute('.trainer', 'data-id'), day);
  assert.deepEqual(page.errors, []);
});

test('a bad link says what is wrong and still shows a puzzle', async () => {
  const page = await open('#/puzzles?id=kalah-6-4-zzzzzzzz&level=9', { wait: '.trainer svg.board' });
  const errs = await page.$$eval('.puzzles-lab .link-error', (els) => els.map((e) => e.textContent));
  assert.match(errs.join('\n'), /id=kalah-6-4-zzzzzzzz is not a puzzle's id/);
  assert.match(errs.join('\n'), /level=9 is not a level/);
  const gone = await open('#/puzzles?id=kalah-6-4-00000000', { wait: '.trainer svg.board' });
  assert.match(await gone.textContent('.puzzles-lab .error'), /There is no puzzle kalah-6-4-00000000: here is another/);
  assert.notEqual(await gone.getAttribute('.trainer', 'data-id'), 'kalah-6-4-00000000');
  await page.context().close();
  await gone.context().close();
});

test("Dakon's opening and a solitaire: the task, why a wrong move loses, how the rest goes once solved, and the finish shown", async () => {
  // Dakon-6 from the start: only a keeps a winning first turn.
  const page = await open('#/puzzles?id=dakon-6-ca48046b', { wait: '.trainer svg.board' });
  assert.equal(await page.textContent('.puzzle-task'), 'South to move: win in this turn (leave fewer than 6 seeds outside your store)');
  await page.click('#pit-s-1');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'wrong');
  assert.match(await page.textContent('.puzzle-said'), /^Wrong: After b \(.*\) this turn can no longer win the game: its last seed falls in .*\.$/);
  await page.click('button.try-again');
  await page.click('#pit-s-0');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'solved');
  assert.match(
    await page.textContent('.puzzle-said'),
    /^Correct: a \(an extra turn\)\. Solved after a wrong move: it counts as missed\. This turn still wins from here: more than one move keeps it \(\d+ more moves to the end\)\.$/,
  );
  // The finish: the rest of the winning turn on the board, to its end.
  await page.click('button.show-finish');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'finish');
  assert.match(await page.textContent('.puzzle-said'), /^One way on to the end: You play /);
  const n = shipped('dakon-6').find((q) => q.id === 'dakon-6-ca48046b').finish.length;
  assert.equal(await page.textContent('.preview-controls .ply'), `${n} of ${n} moves shown`);
  assert.equal(await page.$('button.show-finish'), null);
  // Tchoukaillon (along the winning line from 40 seeds): pit 1, then 2 is the only move left.
  const t = shipped('tchoukaillon').find((q) => q.setup === '1.2.0.0.0.0.0.0.0.0-37');
  await page.goto(page.url().replace(/#.*/, `#/puzzles?id=${t.id}`));
  await soon(() => page.getAttribute('.trainer', 'data-id'), t.id);
  assert.equal(await page.textContent('.puzzle-task'), 'Find the move that keeps the board clearable');
  // Pit 2 first overfills pit 1 for good: said so.
  await page.click('#pit-s-1');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'wrong');
  assert.match(await page.textContent('.puzzle-said'), /^Wrong: After 2 the board can no longer be cleared: pit 1 now holds 2 seeds, one more than 1; a pit is harvested only with exactly as many seeds as its number/);
  await page.click('button.try-again');
  await page.click('#pit-s-0');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'solved');
  assert.equal(
    await page.textContent('.puzzle-said'),
    'Correct: 1. Solved after a wrong move: it counts as missed. The board can still be cleared from here: the rest is forced (2 more moves to the end).',
  );
  await page.click('button.show-finish');
  await soon(() => page.getAttribute('.trainer', 'data-state'), 'finish');
  assert.equal(await page.getAttribute('#store-s', 'data-count'), '40', 'every seed in the Roumba');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a puzzle's link keeps to its game; Coloured-seed Sowing on a phone: its badges above the pots, within the board, and its key", async () => {
  const p = shipped('colour-7-1')[0];
  const page = await open(`#/puzzles?id=${p.id}`, { wait: '.trainer svg.board', viewport: { width: 390, height: 844 } });
  assert.match(await page.textContent('.board-legend'), /Left sows the blue seeds.*Right sows the red ones.*3l sows pot 3 to the left, 5r to the right/);
  const board = await page.$eval('.trainer svg.board', (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top }; });
  const badges = await page.$$eval('.trainer .badge', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }));
  const holes = await page.$$eval('.trainer circle.hole', (els) => els.map((e) => e.getBoundingClientRect().top));
  assert.equal(badges.length, 14);
  assert.equal(holes.length, 7);
  // Every pot keeps its number, those with two ways too (no room for way buttons on a phone).
  assert.deepEqual(await page.$$eval('.trainer svg.board text.letter', (els) => els.map((e) => e.textContent)), ['1', '2', '3', '4', '5', '6', '7']);
  for (const b of badges) {
    assert.ok(b.left >= board.left && b.right <= board.right + 0.5 && b.top >= board.top, `a badge out of the board: ${JSON.stringify(b)} ${JSON.stringify(board)}`);
    assert.ok(b.bottom <= Math.min(...holes) + 12, `a badge over its pot: ${JSON.stringify(b)}`);
  }
  // Next stays in the link's game.
  await page.click('.puzzle-actions button.next');
  await page.waitForFunction((id) => document.querySelector('.trainer')?.dataset.id !== id, p.id);
  assert.match(await page.getAttribute('.trainer', 'data-id'), /^colour-7-1-/);
  assert.equal(await page.$eval('select.filter-rules', (s) => s.value), 'colour-7-1');
  assert.match(await page.getAttribute('.puzzle-link', 'href'), /rules=colour-7-1/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
