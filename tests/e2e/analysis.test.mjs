// End-to-end: The play page's searches in the worker: progress and Stop, the exact solver on one and several workers, the perfect player, hints and best lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, drained, noAnimation, open, soon } from './helpers.mjs';

setup();

// Stop, then a hint: Stop terminated the worker, so once the replies on their way are
// handled nothing changes; a fresh worker serves the next request.
async function stopAndAskAgain(page) {
  await page.click('button.stop');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Stopped'));
  const nodes = await page.textContent('.nodes');
  await drained(page);
  assert.equal(await page.textContent('.nodes'), nodes, 'no progress arrives after Stop');
  await page.click('button.hint');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 20000 });
}

test('a search streams progress, stops on Stop, and the worker answers again', async () => {
  const page = await open('#/play?rules=kalah-6-6');
  await page.click('button.analyze');
  await page.waitForFunction(() => Number(document.querySelector('.nodes')?.dataset.nodes || 0) > 0);
  await page.waitForFunction(() => Number(document.querySelector('.depth')?.textContent || 0) >= 6);
  // The page still responds while the worker searches.
  await noAnimation(page);
  await page.click('#pit-s-0');
  await soon(() => page.textContent('.status'), /South plays a/);
  await page.click('button.analyze');
  await page.waitForFunction(() => Number(document.querySelector('.nodes')?.dataset.nodes || 0) > 0);
  await stopAndAskAgain(page);
  const values = await page.$$eval('.move-values .move-value', (els) => els.map((e) => e.textContent));
  // a's six seeds ended in South's store: South moves again, from b to f.
  assert.equal(values.length, 5, values.join(' '));
  assert.ok(await page.isVisible('.hint rect'));
  assert.equal(await page.$$eval('svg.board .hint', (els) => els.length), 5);
  await page.context().close();
});

test('Solve proves every move of Kalah(4,3) and the best line plays on the board', async () => {
  const page = await open('#/play?rules=kalah-4-3');
  await noAnimation(page);
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  assert.match(await page.textContent('.value'), /Value for South: \+6 \(proven\)/);
  const values = await page.$$eval('.move-values .move-value', (els) => els.map((e) => e.textContent));
  assert.deepEqual(values, ['b: +6 proven', 'c: +2 proven', 'd: -2 proven', 'a: -6 proven']);
  // The best move's value is marked distinctly (a star, and its own colour).
  assert.equal(await page.textContent('#pit-s-1 .hint text'), '★ +6');
  assert.equal(await page.$$eval('.hint.best', (els) => els.length), 1);
  assert.equal(await page.textContent('#pit-s-2 .hint text'), '+2');
  // Clicking the third move of the best line previews it: the board shows the position after
  // three moves, marked, and nothing is played.
  const n = await page.$$eval('.line-move', (els) => els.length);
  await page.click('.line-move >> nth=2');
  await page.waitForSelector('.preview-bar:not(.empty)');
  assert.match(await page.textContent('.preview-what'), new RegExp(`move 3 of ${n} of the line`));
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 1, 'nothing is played');
  assert.ok(await page.$('.previewing svg.board'), 'the board is marked as a preview');
  // "Play this line" adds the line up to the move previewed, and shows its end.
  await page.click('.preview-play');
  await soon(() => page.$$eval('.move-list .ply', (els) => els.length), 3 + 1);
  assert.ok(await page.locator('button[aria-label="Last position"]').isDisabled(), 'the end of the line is on screen');
  assert.equal(await page.$$eval('.ply', (els) => els.findIndex((e) => e.classList.contains('current'))), 3);
  assert.equal(await page.$('.preview-bar:not(.empty)'), null);
  await page.context().close();
});

test("the hint panel explains a worse move: its best reply in words, the line to preview; nothing played", async () => {
  const page = await open('#/play?rules=kalah-4-3');
  await noAnimation(page);
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  // Every move below the best (+6 by b) has its "Why?"; the best has none.
  assert.deepEqual(await page.$$eval('.move-values .why', (els) => els.map((e) => e.dataset.move)), ['c', 'd', 'a']);
  await page.click('.move-values .why[data-move="d"]');
  await page.waitForSelector('.why-view[data-move="d"] .why-text:not(.searching)', { timeout: 60000 });
  const said = await page.textContent('.why-view .why-text');
  assert.match(said, /^d gives the win away: with best play you lose by 2\. North plays [a-d]/);
  // The values of the position stay on screen while the move is explained.
  assert.deepEqual(await page.$$eval('.move-values .move-value', (els) => els.map((e) => e.textContent)), ['b: +6 proven', 'c: +2 proven', 'd: -2 proven', 'a: -6 proven']);
  // The refutation starts with the move itself, and previews on the board; nothing is played.
  const line = await page.$$eval('.why-view .line-move', (els) => els.map((e) => e.textContent.trim()));
  assert.ok(line.length >= 2 && /\bd$/.test(line[0]), line.join(' '));
  await page.click('.why-view .line-move >> nth=1');
  await page.waitForSelector('.preview-bar:not(.empty)');
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 1, 'nothing is played (the start alone)');
  // A move that keeps the win but costs seeds says how many.
  await page.click('.move-values .why[data-move="c"]');
  await page.waitForSelector('.why-view[data-move="c"] .why-text:not(.searching)', { timeout: 60000 });
  assert.match(await page.textContent('.why-view .why-text'), /^c is 4 seeds worse than the best move: with best play you win by 2\./);
  // Another position on the board: the explanation of the old one goes.
  await page.click('.preview-end');
  await page.waitForSelector('.preview-bar.empty', { state: 'attached' });
  await page.click('#pit-s-1');
  await page.waitForFunction(() => !document.querySelector('.why-view'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Solve shares the moves between workers: 1, 2 and 3 workers prove the same values; Stop ends them all', async () => {
  const page = await open('#/play?rules=kalah-5-3');
  const results = [];
  for (const workers of ['1', '2', '3']) {
    await page.selectOption('select[aria-label="Solver workers"]', workers);
    await page.click('button.solve');
    await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 120000 });
    results.push(await page.$$eval('.move-values .move-value', (els) => els.map((e) => e.textContent)));
    const shown = workers === '1' ? null : await page.textContent('.workers-used');
    assert.equal(shown, workers === '1' ? null : workers);
    assert.match(await page.textContent('.value'), /Value for South: \+6 \(proven\)/);
  }
  assert.equal(results[0].length, 5);
  assert.deepEqual(results[1], results[0]);
  assert.deepEqual(results[2], results[0]);
  // A long solve on two workers: progress arrives, then Stop silences both.
  await page.goto(page.url().replace('kalah-5-3', 'kalah-6-5'));
  await page.waitForSelector('svg.board');
  await page.selectOption('select[aria-label="Solver workers"]', '2');
  await page.click('button.solve');
  await page.waitForFunction(() => Number(document.querySelector('.nodes')?.dataset.nodes || 0) > 1e6 && document.querySelector('.memory-used'), null, { timeout: 60000 });
  assert.equal(await page.textContent('.workers-used'), '2');
  await stopAndAskAgain(page);
  await page.context().close();
});

test('the perfect computer player answers with a proven-best move', async () => {
  const page = await open('#/play?rules=kalah-4-3');
  await noAnimation(page);
  await page.selectOption('.player-n', '6'); // perfect
  await page.click('#pit-s-0');
  // North has played once its move is in the address (the status may say North plays while it
  // is still thinking, and a loaded machine makes that long).
  await page.waitForFunction(() => /moves=a[a-d]/.test(location.hash), null, { timeout: 60000 });
  // North's first move (it may move again after it): the second letter of the link's moves.
  const played = new URL(page.url()).hash.match(/moves=a([a-d])/)[1];
  // The position before North's move, solved on its own: North's move has the best value.
  const before = await open('#/play?rules=kalah-4-3&moves=a');
  await before.click('button.solve');
  await before.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  const values = await before.$$eval('.move-values .move-value', (els) => els.map((e) => e.textContent.match(/^([a-d]): ([-+]\d+) proven$/)));
  assert.ok(values.length === 4 && values.every(Boolean), JSON.stringify(values)); // North's four pits
  const best = Math.max(...values.map((v) => Number(v[2])));
  const mine = values.find((v) => v[1] === played);
  assert.equal(Number(mine[2]), best, `North played ${played}: ${values.map((v) => v[0]).join(', ')}`);
  for (const p of [page, before]) await p.context().close();
});

test("Kalah(6,4)'s openings come from the book shipped with the page: Solve and the perfect player answer at once", async () => {
  const page = await open('#/play?rules=kalah-6-4');
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await noAnimation(page);
  // Solve on the start position: the book's proven values, no worker started.
  await page.click('button.solve');
  await page.waitForSelector('.from-book');
  assert.match(await page.textContent('.search-state'), /^Done\. From the opening book shipped with the page/);
  const values = await page.$$eval('.move-values .move-value', (els) => els.map((e) => e.textContent));
  assert.deepEqual(values, ['c: +8 proven', 'f: +4 proven', 'd: -2 proven', 'e: -8 proven', 'b: -10 proven', 'a: -14 proven']);
  assert.match(await page.textContent('.value'), /Value for South: \+8 \(proven\)/);
  // The best line follows the book as far as it goes (c, f, then North's best, ...).
  const line = await page.$$eval('.line-move', (els) => els.map((e) => e.textContent.trim()));
  assert.ok(line.length >= 4, `the best line from the book: ${line.join(' ')}`);
  // The perfect player as North answers South's f from the book: one of its best moves.
  await page.selectOption('.player-n', '6');
  await page.click('#pit-s-5');
  await page.waitForFunction(() => /moves=f[a-f]/.test(location.hash), null, { timeout: 5000 });
  assert.ok(!fetched.some((f) => f.endsWith('worker_bg.wasm')), `no search was needed: ${fetched.join(' ')}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the perfect player's fallback says so, and the notice stays after its move", async () => {
  // Dakon has no exact solver: the perfect player plays the best move of a 3 s search. North's
  // one move here (a: a capture) ends its turn.
  const page = await open('#/play?rules=dakon-4&setup=4.4.4.4-1.0.0.0-15.0-n');
  await noAnimation(page);
  await page.selectOption('.player-n', '6'); // perfect
  await page.waitForFunction(() => /North played/.test(document.querySelector('.notice')?.textContent || ''), null, { timeout: 30000 });
  assert.match(
    await page.textContent('.notice'),
    /^North played a, the best move of a 3 s search, not a proven one: perfect play needs the exact solver, which is for Kalah\.$/,
  );
  assert.match(await page.textContent('.status'), /^North plays a.*South to move/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("each value sits with its own pit, and the computer's search is not shown as hints (defect 2)", async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=c');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  // South's values below South's row: each hint is inside its pit and on the far side from North.
  for (const id of ['pit-s-0', 'pit-s-5']) {
    const [pit, hint] = await page.$$eval(`#${id} circle.hole, #${id} .hint rect`, (els) => els.map((e) => e.getBoundingClientRect().top));
    assert.ok(hint > pit, `${id}: the value is below its pit (pit ${pit}, value ${hint})`);
  }
  const north = await open('#/play?rules=kalah-6-4&moves=cf');
  await north.click('button.hint');
  await north.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  const [pit, hint] = await north.$$eval('#pit-n-0 circle.hole, #pit-n-0 .hint rect', (els) => els.map((e) => e.getBoundingClientRect().top));
  assert.ok(hint < pit, `North's value is above its pit (pit ${pit}, value ${hint})`);
  // A computer thinking for North shows no values on the board.
  const vs = await open('#/play?rules=kalah-6-4');
  await noAnimation(vs);
  await vs.selectOption('.player-n', '4'); // hard: a 1 s search, several iterations
  await vs.click('#pit-s-0');
  // Whichever comes first: a value on the board (the old page drew the computer's search), or
  // the computer's move.
  await vs.waitForFunction(() => document.querySelector('.hint rect') || /North plays/.test(document.querySelector('.status').textContent), null, { timeout: 20000 });
  assert.equal(await vs.$('.hint rect'), null, "the computer's search is not drawn on the board");
  for (const p of [page, north, vs]) await p.context().close();
});

test('a solved best line is previewed move by move, nothing played, and played as a side line', async () => {
  const page = await open('#/play?rules=kalah-4-3&moves=ab&ply=0');
  await noAnimation(page);
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  const line = await page.$$eval('.line-move', (els) => els.map((e) => e.textContent));
  const board = () => page.$$eval('svg.board [data-count]', (els) => els.map((e) => e.dataset.count).join());
  const before = await board();
  // Hovering a move shows its position; leaving it shows the game again.
  await page.hover('.line-move >> nth=1');
  await page.waitForSelector('.preview-bar:not(.empty)');
  assert.notEqual(await board(), before);
  await page.mouse.move(0, 0);
  await page.waitForSelector('.preview-bar.empty', { state: 'attached' });
  assert.equal(await board(), before);
  // Stepping: click the first move, then → and ← step the preview, Escape ends it.
  await page.click('.line-move >> nth=0');
  await soon(() => page.textContent('.line-move.current'), line[0]);
  await page.keyboard.press('ArrowRight');
  const stepped = () => page.textContent('.line-move.current');
  await soon(stepped, line[1]);
  assert.match(await page.textContent('.preview-what'), /move 2 of/);
  await page.keyboard.press('ArrowLeft');
  await soon(stepped, line[0]);
  assert.deepEqual(await page.$$eval('.line-move', (els) => els.map((e) => e.textContent)), line, 'the line is kept');
  assert.match(page.url(), /moves=ab&ply=0$/, 'the game is untouched');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.preview-bar.empty', { state: 'attached' });
  assert.equal(await board(), before);
  // Played from the start of "a b": a side line beside them (b is the best first move).
  await page.click('.line-move >> nth=2');
  await page.click('.preview-play');
  await page.waitForFunction(() => location.hash.includes('moves=a('));
  assert.match(page.url(), /moves=a\(b/);
  assert.equal(await page.$$eval('.move-list .variation', (els) => els.length), 1, 'the main line a b stays, the line beside it');
  assert.equal(await page.textContent('.ply.current'), line[2]);
  await page.context().close();
});
