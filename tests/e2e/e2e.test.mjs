// End-to-end tests: the built page (dist/) served on 127.0.0.1, driven in Debian's headless
// Chromium by playwright-core. Run by `make test` after `trunk build`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const artifacts = path.join(here, 'artifacts');
let server, browser, base;

before(async () => {
  assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'dist/ is missing: run trunk build first');
  fs.mkdirSync(artifacts, { recursive: true });
  server = await serve(dist);
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(hash, opts = {}) {
  const context = await browser.newContext({ viewport: opts.viewport || { width: 1200, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const errors = [];
  const console = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') console.push(m.text()); });
  await page.goto((opts.base || base + 'index.html') + hash);
  await page.waitForSelector(opts.wait || 'svg.board');
  page.errors = errors;
  page.console = console;
  return page;
}

async function noAnimation(page) {
  await page.selectOption('.speed select', '0');
}

const count = (page, id) => page.getAttribute(`#${id}`, 'data-count').then(Number);

test('play moves by clicking pits and read the counts', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  assert.equal(await page.getAttribute('#pit-s-2', 'aria-label'), 'South c: 4 seeds');
  await page.click('#pit-s-2'); // c: 4 seeds to d, e, f and the store: South moves again
  assert.match(await page.textContent('.status'), /South plays c, moves again\. South to move\./);
  assert.deepEqual(await Promise.all(['pit-s-2', 'pit-s-3', 'pit-s-5', 'store-s'].map((id) => count(page, id))), [0, 5, 5, 1]);
  await page.click('#pit-s-5'); // f: 5 seeds to the store and North a..d
  assert.match(await page.textContent('.status'), /North to move/);
  assert.deepEqual(await Promise.all(['store-s', 'pit-n-0', 'pit-n-3', 'pit-n-4'].map((id) => count(page, id))), [2, 5, 5, 4]);
  // South's pits are no longer buttons.
  assert.equal(await page.getAttribute('#pit-s-0', 'role'), 'img');
  // The URL records the game.
  assert.match(page.url(), /#\/play\?rules=kalah-6-4&moves=cf$/);
  // Keyboard play: focus a legal pit, arrow to the next, Enter.
  await page.focus('#pit-n-0');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('.status'), /North plays a/);
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

test("Oware's sowing of 12 seeds flashes the pit it skips", async () => {
  const page = await open('#/play?rules=oware&setup=12.0.0.0.0.0-1.1.1.1.1.1-18.18-s');
  await page.selectOption('.speed select', '120');
  // Record every pit marked as skipped, and the note, while the move is animated (a step
  // lasts 120 ms: too short to poll for).
  await page.evaluate(() => {
    window.skipped = [];
    new MutationObserver(() => {
      for (const e of document.querySelectorAll('.hand.skipped')) window.skipped.push([e.id, document.querySelector('.skip-note')?.textContent]);
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await page.click('#pit-s-0');
  await page.waitForSelector('.hand');
  await page.waitForSelector('.hand', { state: 'detached', timeout: 10000 });
  // The hand came round to a, passed over it (marked, and said), and sowed b.
  const seen = await page.evaluate(() => window.skipped);
  assert.ok(seen.length > 0, 'the skipped pit was marked');
  assert.deepEqual([...new Set(seen.map((s) => s.join(': ')))], ['pit-s-0: the hand skips the pit it emptied']);
  assert.equal(await count(page, 'pit-s-1'), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a search streams progress, stops on Stop, and the worker answers again', async () => {
  const page = await open('#/play?rules=kalah-6-6');
  await page.click('button.analyze');
  await page.waitForFunction(() => Number(document.querySelector('.nodes')?.dataset.nodes || 0) > 0);
  await page.waitForFunction(() => Number(document.querySelector('.depth')?.textContent || 0) >= 6);
  // The page still responds while the worker searches.
  await noAnimation(page);
  await page.click('#pit-s-0');
  assert.match(await page.textContent('.status'), /South plays a/);
  await page.click('button.analyze');
  await page.waitForFunction(() => Number(document.querySelector('.nodes')?.dataset.nodes || 0) > 0);
  await page.click('button.stop');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Stopped'));
  const nodes = await page.textContent('.nodes');
  // A negative check needs a window of time: no progress report may arrive in it.
  await page.waitForTimeout(300);
  assert.equal(await page.textContent('.nodes'), nodes, 'no progress arrives after Stop');
  // A fresh worker serves the next request.
  await page.click('button.hint');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 20000 });
  const values = await page.$$eval('.move-values li', (els) => els.map((e) => e.textContent));
  assert.ok(values.length >= 5, values.join(' '));
  assert.ok(await page.isVisible('.hint rect'));
  await page.context().close();
});

test('Solve proves every move of Kalah(4,3) and the best line plays on the board', async () => {
  const page = await open('#/play?rules=kalah-4-3');
  await noAnimation(page);
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  assert.match(await page.textContent('.value'), /Value for South: \+6 \(proven\)/);
  const values = await page.$$eval('.move-values li', (els) => els.map((e) => e.textContent));
  assert.deepEqual(values, ['b: +6 proven', 'c: +2 proven', 'd: -2 proven', 'a: -6 proven']);
  assert.equal(await page.textContent('#pit-s-1 .hint text'), '+6');
  // Clicking the third move of the best line plays the first three moves.
  await page.click('.line-move >> nth=2');
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 4);
  await page.context().close();
});

test('Solve shares the moves between workers: 1, 2 and 3 workers prove the same values; Stop ends them all', async () => {
  const page = await open('#/play?rules=kalah-5-3');
  const results = [];
  for (const workers of ['1', '2', '3']) {
    await page.selectOption('select[aria-label="Solver workers"]', workers);
    await page.click('button.solve');
    await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 120000 });
    results.push(await page.$$eval('.move-values li', (els) => els.map((e) => e.textContent)));
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
  await page.click('button.stop');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Stopped'));
  const nodes = await page.textContent('.nodes');
  await page.waitForTimeout(500);
  assert.equal(await page.textContent('.nodes'), nodes, 'no progress arrives after Stop');
  // The page's worker answers the next request.
  await page.click('button.hint');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 20000 });
  await page.context().close();
});

test('the perfect computer player answers with a proven-best move', async () => {
  const page = await open('#/play?rules=kalah-4-3');
  await noAnimation(page);
  await page.selectOption('.player-n', '6'); // perfect
  await page.click('#pit-s-0');
  await page.waitForFunction(() => document.querySelector('.status').textContent.includes('North plays'), null, { timeout: 60000 });
  // North's first move (it may move again after it): the second letter of the link's moves.
  const played = new URL(page.url()).hash.match(/moves=a([a-d])/)[1];
  // The position before North's move, solved on its own: North's move has the best value.
  const before = await open('#/play?rules=kalah-4-3&moves=a');
  await before.click('button.solve');
  await before.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  const values = await before.$$eval('.move-values li', (els) => els.map((e) => e.textContent.match(/^([a-d]): ([-+]\d+) proven$/)));
  assert.ok(values.length >= 2 && values.every(Boolean), JSON.stringify(values));
  const best = Math.max(...values.map((v) => Number(v[2])));
  const mine = values.find((v) => v[1] === played);
  assert.equal(Number(mine[2]), best, `North played ${played}: ${values.map((v) => v[0]).join(', ')}`);
  for (const p of [page, before]) await p.context().close();
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

test('the Solved Kalah lab solves a grid in the worker and caches it', async () => {
  const page = await open('#/lab/solved-kalah', { wait: '.solved-grid' });
  await page.selectOption('.controls select >> nth=0', '3');
  await page.selectOption('.controls select >> nth=1', '3');
  await page.click('button.solve-all');
  await page.waitForFunction(() => document.querySelectorAll('.cell.unsolved').length === 0, null, { timeout: 60000 });
  // Kalah(3,3), standard rule.
  assert.equal(await page.textContent('td[data-rules="kalah-3-3"] button'), '+2');
  await page.click('td[data-rules="kalah-3-3"] button');
  assert.match(await page.textContent('.lab-detail'), /South, moving first, wins by 2/);
  // A second visit reads the browser's cache: nothing left to solve.
  const again = await page.context().newPage();
  await again.goto(page.url());
  await again.waitForSelector('.solved-grid');
  await again.selectOption('.controls select >> nth=0', '3');
  await again.selectOption('.controls select >> nth=1', '3');
  assert.equal(await again.$$eval('.cell.unsolved', (e) => e.length), 0);
  await page.context().close();
});

test("Dooley's lab reproduces his 93,757 states", async () => {
  const page = await open('#/lab/dooley', { wait: '.dooley-counts' });
  assert.match(await page.textContent('.dooley-counts tr.match'), /pits and side to move\s*93,757/);
  assert.match(await page.textContent('.verdict'), /reproduces Dooley's 93,757 exactly/);
  assert.equal(await page.$$eval('.move-values li', (e) => e.length), 6);
  await page.context().close();
});

test('Dakon plays on the board: relay laps, the computer, hints, leaves and links', async () => {
  const page = await open('#/play?rules=dakon-8');
  await noAnimation(page);
  assert.match(await page.textContent('.status'), /South to move\. Round 1\./);
  // The Maldivian opening's first moves: a (1) ends in the store; h (8) relays once.
  await page.click('#pit-s-0');
  assert.match(await page.textContent('.status'), /South plays a, moves again\. South to move\./);
  assert.equal(await count(page, 'store-s'), 1);
  await page.click('#pit-s-7');
  await page.click('#pit-s-7');
  await page.click('#pit-s-5');
  assert.match(await page.textContent('.status'), /South plays f, 2 laps, moves again/);
  assert.equal(await count(page, 'store-s'), 6);
  // The link reopens the same game.
  const again = await open(`#/play?${new URL(page.url()).hash.split('?')[1]}`);
  assert.equal(await count(again, 'store-s'), 6);
  // One turn of South's: a, h, h, f (the move list groups a turn's moves).
  assert.match(await again.textContent('.moves'), /1\.\s*South\s*a\s*h\s*h\s*f/);
  // Hints: every legal hole gets a value from the worker.
  await again.click('button.analyze');
  await again.waitForSelector('#pit-s-0 .hint, .pit .hint', { timeout: 20000 });
  await again.click('button.stop');
  // The computer plays both sides (a turn is several moves) until North has moved.
  await again.selectOption('.player-n', '2'); // easy
  await again.selectOption('.player-s', '2');
  await again.waitForFunction(() => /North\s*[a-h]/.test(document.querySelector('.moves').textContent), null, { timeout: 30000 });
  await again.selectOption('.player-s', '0');
  await again.selectOption('.player-n', '0');
  // A won game is said in words, on the board and in the panel (the search's 1000 + margin).
  const won = await open('#/play?rules=dakon-2&setup=1.1-1.3-2.0-s');
  await won.click('button.hint');
  await won.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.deepEqual([await won.textContent('#pit-s-0 .hint text'), await won.textContent('#pit-s-1 .hint text')], ['win 8', 'win 6']);
  assert.match(await won.textContent('.move-values'), /a: win by 8.*b: win by 6/s);
  assert.match(await won.textContent('.analysis .value'), /Value for South: win by 8/);
  await won.context().close();
  // Holes marked out with a leaf: drawn as such, never played into.
  const leaves = await open('#/play?rules=dakon-4&setup=4.4.4.4-4.x.x.x-11.1-s');
  assert.match(await leaves.getAttribute('#pit-n-1', 'aria-label'), /North b \(marked out with a leaf\)/);
  assert.equal(await leaves.getAttribute('#pit-n-1', 'class'), 'pit leaf');
  await noAnimation(leaves);
  await leaves.click('#pit-s-3');
  assert.deepEqual(await Promise.all(['pit-n-1', 'pit-n-2', 'pit-n-3'].map((id) => count(leaves, id))), [0, 0, 0]);
  // Sungka's simultaneous start, turn by turn: South's a ends in the store, North moves next.
  const sungka = await open('#/play?rules=sungka');
  await noAnimation(sungka);
  await sungka.click('#pit-s-0');
  assert.match(await sungka.textContent('.status'), /South plays a, still in its first turn\. North to move\. Sungka's simultaneous first turns/);
  await sungka.context().close();
  // A bad Dakon link says what is wrong.
  const bad = await open('#/play?rules=dakon-4&setup=4.4.4.4-x.4.4.4-11.1-s');
  assert.match(await bad.textContent('.link-error'), /marked-out holes must be the last ones/);
  assert.deepEqual([...page.errors, ...again.errors, ...leaves.errors, ...bad.errors], []);
  for (const p of [page, again, leaves, bad]) await p.context().close();
});

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
  assert.match(await page.textContent('.dakon-replay .at'), /^move 18 of 19: hole 6,/);
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

test('a copied link opens the same game in a fresh page', async () => {
  const page = await open('#/play?rules=kalah-6-4-e');
  await noAnimation(page);
  for (const id of ['pit-s-2', 'pit-s-5', 'pit-n-1', 'pit-s-0']) {
    if (await page.getAttribute(`#${id}`, 'role') === 'button') await page.click(`#${id}`);
  }
  await page.click('.ply >> nth=2'); // back to ply 2
  await page.click('button.copy-link');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.inputValue('.link'));
  assert.match(link, /rules=kalah-6-4-e&moves=[a-l]+&ply=2/);
  const cells = await page.$$eval('svg.board g[data-count]', (els) => els.map((e) => e.getAttribute('aria-label')));
  const moves = await page.$$eval('.move-list .ply', (els) => els.length);
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  await fresh.waitForSelector('svg.board');
  assert.deepEqual(await fresh.$$eval('svg.board g[data-count]', (els) => els.map((e) => e.getAttribute('aria-label'))), cells);
  assert.equal(await fresh.$$eval('.move-list .ply', (els) => els.length), moves);
  assert.equal(await fresh.textContent('.ply.current'), await page.textContent('.ply.current'));
  assert.equal(await fresh.$('.link-error'), null);
  await other.close();
  await page.context().close();
});

test('broken links say what is wrong and leave a usable board', async () => {
  const cases = [
    ['#/play?rules=kalah-6-4&moves=cfz', /moves: move 3 'z' is not a pit: this board's pits are a to f/, 3],
    ['#/play?rules=kalah-6-4&moves=cc', /moves: move 2 \(c\) is illegal: pit c is empty; the moves are valid up to move 1/, 2],
    ['#/play?rules=kalah-77-4', /rules: .*77 pits per side is out of range/, 1],
    ['#/play?rules=chess', /rules: unknown rules 'chess'/, 1],
    ['#/play?rules=kalah-6-4&setup=4.4.4-1-2-s', /setup: /, 1],
    ['#/play?rules=kalah-6-4&setup=99999999999999999999.4.4.4.4.4-4.4.4.4.4.4-0.0-s', /setup: .*too large|not a number/, 1],
    ['#/play?rules=kalah-6-4&moves=cf&ply=9', /ply 9 is past the end/, 3],
    // Decoded before they are read, and quoted decoded (issue 15, defect 5).
    ['#/play?rules=%3Cscript%3E', /rules: unknown rules '<script>'/, 1],
    ['#/play?rules=kalah-6-4&moves=cf&ply=12345678901234567890', /ply 12345678901234567890 is past the end/, 3],
  ];
  for (const [hash, message, items] of cases) {
    const page = await open(hash);
    const text = await page.textContent('.link-error', { timeout: 5000 });
    assert.match(text, message, hash);
    assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), items, hash);
    await noAnimation(page);
    const before = await page.$$eval('.move-list .ply', (els) => els.length);
    await page.click('.pit.legal >> nth=0');
    assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), before + 1, `${hash}: board usable`);
    assert.deepEqual(page.errors, [], hash);
    await page.context().close();
  }
  const page = await open('#/nowhere');
  assert.match(await page.textContent('[role=alert]'), /no page/);
  await page.context().close();
});

test('links are percent-decoded: spaces between moves are allowed', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=C%20F');
  await page.waitForSelector('.move-list .ply >> nth=2');
  assert.equal(await page.$('.link-error'), null);
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the position editor explains invalid setups and applies valid ones', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cf');
  await noAnimation(page);
  await page.click('.editor summary');
  await page.fill('#ed-setup', '4.4.4-4.4.4.4.4.4-0.0-s');
  await page.click('button.apply');
  assert.match(await page.textContent('.notice'), /Position editor: South's row has 3 pits but these rules have 6 pits per side\. The game is unchanged\./);
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3, 'the game is not lost');
  // Number fields write the setup; apply it: North to move with a capture available.
  await page.fill('#ed-setup', '0.0.0.0.0.1-3.0.0.0.0.7-10.5-s');
  await page.click('button.apply');
  assert.equal(await page.$('.notice'), null);
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
  await page.fill('#ng-pits', '13');
  await page.click('.custom button[type=submit]');
  assert.match(await page.textContent('.notice'), /13 pits per side is out of range/);
  await page.context().close();
});

test('Tchoukaillon: the winning position for s seeds plays out to a win', async () => {
  const page = await open('#/play?rules=tchoukaillon');
  await noAnimation(page);
  await page.click('.new-game summary');
  await page.fill('#ng-tseeds', '30');
  await page.click('button.show-winning');
  await page.waitForFunction(() => document.querySelector('.status').textContent.includes('30 seeds left'));
  for (let k = 0; k < 30; k++) {
    await page.click('.pit.legal >> nth=0'); // the smallest harvestable pit (Proposition 4)
  }
  assert.match(await page.textContent('.status'), /Won: every seed is in the Roumba/);
  assert.equal(await count(page, 'store-s'), 30);
  await page.context().close();
});

// Issue 15's defects, each with the check that fails on the page before it.

test('New game shows, and starts, the current rules (defect 1)', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await page.click('.new-game summary');
  assert.equal(await page.inputValue('#ng-capture'), '');
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

test('a solved best line can be stepped, keeping the line and valuing each position (defect 3)', async () => {
  const page = await open('#/play?rules=kalah-4-3');
  await noAnimation(page);
  await page.click('button.solve');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  const line = await page.$$eval('.line-move', (els) => els.map((e) => e.textContent));
  await page.click('.line-move >> nth=0');
  await page.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done') && document.querySelector('.line-move.current'), null, { timeout: 60000 });
  assert.deepEqual(await page.$$eval('.line-move', (els) => els.map((e) => e.textContent)), line, 'the line is kept');
  assert.equal(await page.textContent('.line-move.current'), line[0]);
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 2);
  // The values shown are those of the position on screen, proven.
  assert.match(await page.textContent('.value'), /\(proven\)/);
  assert.doesNotMatch(await page.textContent('.analysis'), /earlier position/);
  await page.click('.line-move >> nth=2');
  await page.waitForFunction(() => document.querySelector('.line-move.current')?.textContent, null, { timeout: 60000 });
  assert.equal(await page.textContent('.line-move.current'), line[2]);
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 4);
  await page.context().close();
});

test("Dakon's values do not overlap, and a finished game shows no stale figures (defect 4)", async () => {
  const page = await open('#/play?rules=dakon-2&setup=1.1-1.3-2.0-s');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  const boxes = await page.$$eval('.move-values li', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, e.scrollWidth <= e.clientWidth + 1]; }));
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

test('the bench page can stop a solve and keeps its buttons (defect 6)', async () => {
  const page = await open('#/bench', { wait: 'button.solve-64' });
  await page.click('button.solve-64');
  assert.equal(await page.isEnabled('button.solve-63'), true);
  await page.waitForFunction(() => !document.querySelector('button.stop').disabled);
  await page.click('button.stop');
  await page.waitForFunction(() => document.querySelector('button.stop').disabled);
  assert.match(await page.textContent('main'), /Stopped/);
  await page.context().close();
});

test('the editor names the field at fault, and an applied position can be undone (defect 7)', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cf');
  await noAnimation(page);
  await page.click('.editor summary');
  await page.fill('.ed-cell input >> nth=2', '-3');
  assert.match(await page.textContent('.field-error'), /South c: '-3' is negative: a count is 0 or more/);
  await page.click('button.apply');
  assert.match(await page.textContent('.notice'), /Position editor: South c: '-3' is negative.*The game is unchanged/);
  await page.fill('.ed-cell input >> nth=2', '7');
  assert.equal(await page.$('.field-error'), null);
  assert.match(await page.inputValue('#ed-setup'), /^4\.4\.7\./);
  await page.fill('#ed-setup', '0.0.0.0.0.1-3.0.0.0.0.7-10.5-s');
  await page.click('button.apply');
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 1);
  // Undo at the start of the new position brings the game back, moves and all.
  await page.click('button.undo');
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3);
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
      assert.deepEqual(await Promise.all(['pit-s-0', 'pit-s-1', 'pit-s-2'].map((id) => count(page, id))), [3, 0, 3]);
      assert.equal(await page.$('.way-chooser'), null);
    }
    await page.context().close();
  }
});

test('served from a sub-path, the page and its worker work (defect 9)', async () => {
  const sub = await serve(dist, 0, '/mancala/');
  const page = await open('#/play?rules=kalah-6-4&moves=c', { base: `http://127.0.0.1:${sub.address().port}/mancala/` });
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.ok(await page.isVisible('.hint rect'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
  sub.close();
});

test('Tchoukaillon speaks as a solitaire and its New game shows its own settings (defect 10)', async () => {
  const page = await open('#/play?rules=tchoukaillon');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  const text = await page.textContent('.analysis');
  assert.match(text, /This position can be won/);
  assert.doesNotMatch(text, /Value for South|nodes/);
  await page.click('.new-game summary');
  assert.equal(await page.$('#ng-pits'), null, "no Kalah fields");
  assert.ok(await page.isVisible('#ng-tseeds'));
  assert.equal(await page.$('.players'), null);
  await page.context().close();
});

test('keys step through the game, the focus stays on the board, the move list is numbered by turn', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cfbd');
  await noAnimation(page);
  await page.click('h2 >> text=Moves');
  await page.keyboard.press('Home');
  assert.equal(await page.textContent('.ply.current'), 'start');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.$$eval('.ply', (els) => els.findIndex((e) => e.classList.contains('current'))), 2);
  await page.keyboard.press('End');
  assert.equal(await page.$$eval('.ply', (els) => els.findIndex((e) => e.classList.contains('current'))), 4);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.$$eval('.ply', (els) => els.findIndex((e) => e.classList.contains('current'))), 3);
  await page.keyboard.press('End');
  assert.deepEqual(await page.$$eval('.move-list .turn-no', (els) => els.map((e) => e.textContent)), ['1.', '2.']);
  // A move by keyboard keeps the focus on the board.
  await page.focus('#pit-s-0');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('svg.board') !== null), true);
  await page.context().close();
});

test('a finished game says so with a Rematch, and no warning is logged on load', async () => {
  const page = await open('#/play?rules=kalah-1-1&moves=a');
  assert.match(await page.textContent('.game-over'), /Game over: Draw/);
  await page.click('button.rematch');
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 1);
  assert.equal(await page.$('.game-over'), null);
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.deepEqual(page.console, [], 'console warnings and errors');
  await page.context().close();
});

test("Conway's Sowing plays on a row board: Left and Right, a button a way when both are legal, links", async () => {
  const page = await open('#/play?rules=sowing&setup=312-l');
  await noAnimation(page);
  assert.match(await page.textContent('.status'), /Left to move/);
  // Left's only move: pot 2 to the right (the paper's 312 → 303); then Left has won.
  assert.equal(await page.$$eval('.pit.legal', (els) => els.map((e) => e.id).join()), 'pit-s-1');
  await page.click('#pit-s-1');
  assert.deepEqual(await Promise.all(['pit-s-0', 'pit-s-1', 'pit-s-2'].map((id) => count(page, id))), [3, 0, 3]);
  assert.match(await page.textContent('.status'), /Left sows pot 2 to the right\. Game over: Right cannot move; Left wins\./);
  assert.match(page.url(), /rules=sowing&setup=312-l&moves=2r/);
  // Impartial: pot 2 of 312 may go either way: a button a way.
  const imp = await open('#/play?rules=sowing-i&setup=312-l');
  await noAnimation(imp);
  assert.equal(await imp.$$eval('#pit-s-1 .choice', (els) => els.length), 2);
  await imp.click('#pit-s-1 .choice >> nth=0'); // to the left: 402
  assert.deepEqual(await Promise.all(['pit-s-0', 'pit-s-1', 'pit-s-2'].map((id) => count(imp, id))), [4, 0, 2]);
  assert.match(await imp.textContent('.status'), /Right to move/);
  const again = await open(`#/play?${new URL(imp.url()).hash.split('?')[1]}`);
  assert.equal(await count(again, 'pit-s-0'), 4);
  assert.deepEqual([...page.errors, ...imp.errors, ...again.errors], []);
  for (const p of [page, imp, again]) await p.context().close();
});

test('a link opens a game nobody plays by itself, and a line that replaces moves can be taken back', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  await page.selectOption('.player-n', '1'); // random
  await page.evaluate(() => { location.hash = '#/play?rules=kalah-6-4&moves=cf'; });
  await page.waitForFunction(() => document.querySelectorAll('.move-list .ply').length === 3);
  assert.equal(await page.inputValue('.player-n'), '0', 'North is a person again');
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3, 'nobody played the shared position');
  // kalah-4-3's best first move is b; stepping the solved line from the start of "a b" replaces them.
  const line = await open('#/play?rules=kalah-4-3&moves=ab&ply=0');
  await noAnimation(line);
  await line.click('button.solve');
  await line.waitForFunction(() => document.querySelector('.search-state')?.textContent.includes('Done'), null, { timeout: 60000 });
  await line.click('.line-move >> nth=0');
  assert.match(await line.textContent('.notice'), /replaced the moves after this position/);
  await line.click('button.back');
  await line.waitForFunction(() => location.hash.includes('moves=ab'));
  for (const p of [page, line]) await p.context().close();
});

test('screenshots of the board (laptop and phone) are saved as artifacts', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cfbd');
  await page.screenshot({ path: path.join(artifacts, 'board-laptop.png'), fullPage: true });
  const phone = await open('#/play?rules=kalah-6-4&moves=cfbd', { viewport: { width: 390, height: 844 } });
  await phone.screenshot({ path: path.join(artifacts, 'board-phone.png'), fullPage: false });
  const home = await open('#/');
  await home.screenshot({ path: path.join(artifacts, 'home.png'), fullPage: true });
  for (const f of ['board-laptop.png', 'board-phone.png', 'home.png']) {
    assert.ok(fs.statSync(path.join(artifacts, f)).size > 10000, f);
  }
  for (const p of [page, phone, home]) await p.context().close();
});

test("Erickson's lab recomputes the tables in the worker, searches Table 3 and computes .37", async () => {
  const page = await open('#/lab/erickson', { wait: 'main.erickson' });
  await page.waitForSelector('.erickson > .verdict', { timeout: 120000 });
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
  // A bad heap size is refused where it is typed.
  await page.fill('.octal-n', '12x');
  assert.match(await page.textContent('.octal .error'), /'12x' is not a heap size/);
  assert.ok(await page.isDisabled('.octal-start'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
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
  assert.match(await page.getAttribute('.game-value a:has-text("Play from this row")', 'href'), /setup=x0211x-r$/);
  await page.click('.cgt-trail a');
  await page.waitForFunction(() => /^•1111• = /.test(document.querySelector('.cgt-value')?.textContent || ''), null, { timeout: 60000 });
  // The editor shows full pots as x and takes them typed.
  await page.click('.editor summary');
  assert.equal(await page.inputValue('.ed-cell input >> nth=0'), 'x');
  await page.fill('.ed-cell input >> nth=2', '•');
  assert.equal(await page.$('.field-error'), null);
  assert.equal(await page.inputValue('#ed-setup'), 'x.1.•.1.1.x-l');
  await page.fill('.ed-cell input >> nth=2', 'y');
  assert.match(await page.textContent('.field-error'), /Pot 3: .*or x \(or •\) a full pot/);
  // Sparse Atomic Wari rows are sums of .37 heaps (Theorem 3.1).
  const atomic = await open('#/play?rules=atomic&setup=122201-l');
  await atomic.waitForSelector('.cgt-heaps', { timeout: 60000 });
  assert.match(await atomic.textContent('.cgt-heaps'), /heaps, one a run of 2s: 3\./);
  for (const p of [page, atomic]) await p.context().close();
});

test('Oware plays on two rows: a pit a rule forbids says why, a grand slam captures nothing, Ayo and Awari refuse it', async () => {
  const feed = await open('#/play?rules=oware&setup=1.0.0.0.0.1-0.0.0.0.0.0-0.0-s');
  await noAnimation(feed);
  assert.equal(await feed.$$eval('.pit.legal', (els) => els.map((e) => e.id).join()), 'pit-s-5');
  assert.match(await feed.textContent('.refusals'), /South a: North has no seeds: a gives them none, and a move must feed them\./);
  assert.match(await feed.getAttribute('#pit-s-0', 'aria-label'), /not playable: North has no seeds/);
  await feed.click('#pit-s-5');
  assert.equal(await count(feed, 'pit-n-0'), 1);
  const slam = await open('#/play?rules=oware&setup=1.0.0.0.0.2-1.1.0.0.0.0-0.0-s');
  await noAnimation(slam);
  await slam.click('#pit-s-5');
  assert.match(await slam.textContent('.status'), /grand slam: nothing captured/);
  assert.deepEqual(await Promise.all(['pit-n-0', 'pit-n-1', 'store-s'].map((id) => count(slam, id))), [2, 2, 0]);
  // A chain of two captures: both pits are marked once the move is shown.
  const chain = await open('#/play?rules=oware&setup=0.0.0.0.0.2-1.1.1.0.0.0-0.0-s');
  await noAnimation(chain);
  await chain.click('#pit-s-5');
  assert.equal(await count(chain, 'store-s'), 4);
  assert.deepEqual(await chain.$$eval('.pit.captured', (els) => els.map((e) => e.id).sort()), ['pit-n-0', 'pit-n-1']);
  await chain.context().close();
  const awari = await open('#/play?rules=awari&setup=1.0.0.0.0.2-1.1.0.0.0.0-0.0-s');
  assert.match(await awari.textContent('.refusals'), /South f: f would leave North without a move/);
  assert.deepEqual([...feed.errors, ...slam.errors, ...awari.errors], []);
  for (const p of [feed, slam, awari]) await p.context().close();
});

test('Awari endgame databases: built in the worker, proven values on the pits, a best move played, loaded from IndexedDB after a reload', async () => {
  const hash = '#/play?rules=awari&setup=1.0.0.2.0.1-0.1.1.0.2.0-20.20-s';
  const page = await open(hash, { wait: '.endgame-held' });
  await page.waitForFunction(() => /Not built yet/.test(document.querySelector('.endgame-held')?.textContent || ''));
  await page.fill('.endgame input', '8');
  await page.click('.endgame-build-button');
  await page.waitForSelector('.endgame-values', { timeout: 60000 });
  assert.match(await page.textContent('.endgame-held'), /Built to 8 seeds on the board/);
  // The same values as the CLI's solve: a 0, d −4, f −8, on the panel and on the pits.
  assert.match(await page.textContent('.endgame-value'), /South to move: 0 with perfect play/);
  assert.deepEqual(await page.$$eval('.endgame-moves li', (els) => els.map((e) => e.textContent)), ['a 0', 'd -4', 'f -8']);
  assert.deepEqual(await page.$$eval('svg.board .hint', (els) => els.map((e) => e.textContent).sort()), ['-4', '-8', '0']);
  await page.click('.endgame-next');
  await page.waitForFunction(() => /South plays a/.test(document.querySelector('.status')?.textContent || ''));
  // A second visit loads the databases from the browser's cache: nothing is rebuilt.
  await page.goto(base + 'index.html' + hash);
  await page.reload();
  await page.waitForSelector('.endgame-values', { timeout: 20000 });
  assert.match(await page.textContent('.endgame-held'), /Built to 8 seeds/);
  // The perfect computer player's worker loads the cached databases too: its search proves
  // the move at once (a, the only move worth 0), and it says nothing about a fallback.
  await noAnimation(page);
  assert.match(await page.$eval('.player-s option[value="6"]', (o) => o.textContent), /perfect within the endgame databases/);
  await page.selectOption('.player-s', '6');
  await page.waitForFunction(() => /South plays a/.test(document.querySelector('.status')?.textContent || ''), null, { timeout: 30000 });
  assert.equal(await page.$('.notice'), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the Ayo = Tchoukaillon lab plays a determined endgame in lockstep and checks every candidate in the worker', async () => {
  const page = await open('#/lab/ayo?s=9', { wait: '.lockstep' });
  assert.match(await page.textContent('.ply'), /ply 0 of 9/);
  await page.click('button.step');
  assert.match(await page.textContent('.ply-words'), /North plays his single stone from pit 1 into pit 0 ↔ Tchoukaillon harvests pit 1/);
  await page.click('button.end');
  assert.match(await page.textContent('.ayo-lab'), /South has captured 8 stones and North is awarded 1 — Definition 1 holds/);
  assert.match(await page.textContent('.ayo-lab .verdict'), /Pits 1 to n \+ 1 agree/);
  await page.click('button.check');
  await page.waitForSelector('.determined-table', { timeout: 60000 });
  const six = await page.$$eval('.determined-table tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.ok(six.some((r) => /^6 × 240,3192121yes$/.test(r)), six.join(' | '));
  const bad = await open('#/lab/ayo?s=abc', { wait: '.lockstep' });
  assert.match(await bad.textContent('.error'), /s=abc is not a number of stones from 1 to 200: showing 9/);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});

test('the Tchoukaillon lab: Figure 4 watched harvest by harvest, periods, s(n) in the worker, any s to 2^64, a bad link', async () => {
  const page = await open('#/lab/tchoukaillon', { wait: '.occupancy' });
  // Figure 4: s = 9 is watched; its line ends with every seed in the Roumba.
  assert.match(await page.textContent('.strategy .ply'), /harvest 0 of 9/);
  assert.match(await page.textContent('.strategy .ply-words'), /harvest pit 1 .* smallest pit/);
  await page.click('.strategy button.end');
  assert.match(await page.textContent('.strategy .ply-words'), /Every seed is in the Roumba: 9 harvests/);
  const row24 = await page.$$eval('.figure-4-table tbody tr', (rows) => rows[24].textContent);
  assert.match(row24, /^24\s*4\s*2\s*4\s*6\s*8\s*4\s*watch\s*playOCR damage/, row24);
  // Figure 5 beside the paper, further than the paper.
  const five = await page.$$eval('.figure-5-table tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.ok(five.some((r) => /^1127,72027,72027,72027720 ✓$/.test(r)), five.slice(0, 12).join(' | '));
  assert.ok(five.length >= 40);
  // Figure 6: s(n) to 10^4 in the worker, three methods agree.
  await page.waitForSelector('.s-of-n-result');
  assert.match(await page.textContent('.s-of-n-result .verdict'), /s\(10,000\) = 31,833,630/);
  assert.equal(await page.$$eval('.checks li.fails', (l) => l.length), 0);
  assert.match(await page.textContent('.checks'), /Figure 8's sieve on a list: agrees for every n ≤ 3,000/);
  // Figure 7: the paper's 1,925,280 whole, then 10^12 by the box.
  assert.match(await page.textContent('.position-result .verdict'), /1,925,280 seeds uses 2,459 pits/);
  assert.match(await page.textContent('.figure-7'), /Occupancy: .* 0\.636\d\d, against 2\/π = 0\.63662/);
  await page.fill('.seeds-in', '1000000000000');
  await page.click('.figure-7 button[type=submit]');
  await page.waitForFunction(() => /1,772,452 pits/.test(document.querySelector('.position-result .verdict')?.textContent || ''), null, { timeout: 20000 });
  assert.match(page.url(), /#\/lab\/tchoukaillon\?s=1000000000000$/);
  assert.match(await page.textContent('.position-result'), /Its first 1,000 pits/);
  const bad = await open('#/lab/tchoukaillon?s=12x', { wait: '.occupancy' });
  assert.match(await bad.textContent('.error'), /s=12x is not a number of seeds .*: showing the paper's 1,925,280/);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});

test('the Hanoi sowing puzzle: played by clicks, both algorithms and a shortest line watched, the three sequences from the worker', async () => {
  const page = await open('#/lab/hanoi?n=4', { wait: '.hanoi-lab svg.board' });
  await page.waitForSelector('.hanoi-table .verdict', { timeout: 60000 });
  const rows = await page.$$eval('.hanoi-sequences tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(rows[5].slice(0, 5), ['6', '31', '10', '8', 'no']);
  assert.deepEqual(rows[2][6], 'cannot be solved');
  assert.match(await page.textContent('.hanoi-table .verdict'), /T\(n\) is the minimum for n = 1, 2, 3, 4, 5; for n = 6, 7, .*, 14 a shorter line exists/);
  // Play 1111 by hand, T(4)'s line: 1r, 3r, 2r, 3r (a pot that may go either way has a button a way).
  const sow = async (pot, way) => {
    const choices = await page.$$(`#pit-s-${pot - 1} .choice`);
    if (choices.length === 2) await choices[way === 'l' ? 0 : 1].click();
    else await page.click(`#pit-s-${pot - 1}`);
  };
  for (const [pot, way] of [[1, 'r'], [3, 'r'], [2, 'r'], [3, 'r']]) await sow(pot, way);
  assert.match(await page.textContent('.puzzle-state'), /Solved: all 4 seeds are in the last pot, in 4 moves/);
  await page.click('button.undo');
  assert.match(await page.textContent('.ply'), /3 moves/);
  // The second algorithm, stepped to its end: T(4) = 4 moves.
  await page.click('button.recursive');
  await page.click('button.end');
  assert.match(await page.textContent('.ply'), /move 4 of 4/);
  assert.match(await page.textContent('.puzzle-state'), /Solved/);
  await page.click('button.exponential');
  await page.click('button.end');
  assert.match(await page.textContent('.ply'), /move 7 of 7/);
  await page.click('button.shortest');
  await page.click('button.end');
  await page.click('button.back');
  assert.match(await page.textContent('.ply-words'), /Move 3: pot \d sows/);
  const bad = await open('#/lab/hanoi?n=99&x=2', { wait: '.hanoi-lab svg.board' });
  const errs = await bad.$$eval('.hanoi-lab > .error', (els) => els.map((e) => e.textContent));
  assert.match(errs[0], /n=99 is not a number of pots from 2 to 16: showing 6/);
  assert.match(errs[1], /unknown part 'x' ignored/);
  assert.deepEqual([...page.errors, ...bad.errors], []);
  for (const p of [page, bad]) await p.context().close();
});

test('Tchuka Ruma: the map solves every start in the worker, a start opens with its winning line, which wins on the board; Tchouka for two plays', async () => {
  const page = await open('#/lab/tchoukaillon', { wait: '.tchouka-grid' });
  assert.match(await page.textContent('.tchouka-map .verdict'), /27 of 64 starts can be won; .* Tchuka Ruma \(4 pits of 2\) is won in 6 choices: 2, 1, 2, 1, 3, 1/);
  const href = await page.getAttribute('.tchouka-grid tbody tr:nth-child(4) td.won a', 'href');
  const game = await open(href);
  await noAnimation(game);
  assert.match(game.url(), /rules=tchouka-4-2&moves=2\.1\.2\.1\.3\.1&ply=0$/);
  // Play the line's moves by clicking the pits: every seed reaches the Roumba.
  for (const pit of [2, 1, 2, 1, 3, 1]) await game.click(`#pit-s-${pit - 1}`);
  assert.match(await game.textContent('.status'), /Won: every seed is in the Roumba/);
  assert.equal(await count(game, 'store-s'), 8);
  // A losing first move ends the solitaire at once.
  const lose = await open('#/play?rules=tchuka-ruma');
  await noAnimation(lose);
  await lose.click('#pit-s-0');
  assert.match(await lose.textContent('.status'), /Stuck|lost/i);
  // Two players: South's turn ends in an empty pit, North moves.
  const duel = await open('#/play?rules=tchouka2-4-2');
  await noAnimation(duel);
  await duel.click('#pit-s-3');
  assert.match(await duel.textContent('.status'), /North to move\. Roumba: South 1, North 0/);
  assert.deepEqual([...page.errors, ...game.errors, ...lose.errors, ...duel.errors], []);
  for (const p of [page, game, lose, duel]) await p.context().close();
});
