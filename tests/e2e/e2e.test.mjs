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
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + 'index.html' + hash);
  await page.waitForSelector(opts.wait || 'svg.board');
  page.errors = errors;
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
  assert.equal(await page.$$eval('.move-list li', (els) => els.length), 4);
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
  assert.match(await again.textContent('.moves'), /S a.*S h.*S h.*S f/s);
  // Hints: every legal hole gets a value from the worker.
  await again.click('button.analyze');
  await again.waitForSelector('#pit-s-0 .hint, .pit .hint', { timeout: 20000 });
  await again.click('button.stop');
  // The computer plays both sides (a turn is several moves) until North has moved.
  await again.selectOption('.player-n', '2'); // easy
  await again.selectOption('.player-s', '2');
  await again.waitForFunction(() => /N [a-h]/.test(document.querySelector('.moves').textContent), null, { timeout: 30000 });
  await again.selectOption('.player-s', '0');
  await again.selectOption('.player-n', '0');
  // A won game is said in words, on the board and in the panel (the search's 1000 + margin).
  const won = await open('#/play?rules=dakon-2&setup=1.1-1.3-2.0-s');
  await won.click('button.hint');
  await won.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  assert.deepEqual([await won.textContent('#pit-s-0 .hint text'), await won.textContent('#pit-s-1 .hint text')], ['win', 'win']);
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
  assert.match(await page.textContent('.status'), /South to move|North to move|Game over/);
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
  const moves = await page.$$eval('.move-list li', (els) => els.length);
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  await fresh.waitForSelector('svg.board');
  assert.deepEqual(await fresh.$$eval('svg.board g[data-count]', (els) => els.map((e) => e.getAttribute('aria-label'))), cells);
  assert.equal(await fresh.$$eval('.move-list li', (els) => els.length), moves);
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
    assert.equal(await page.$$eval('.move-list li', (els) => els.length), items, hash);
    await noAnimation(page);
    const before = await page.$$eval('.move-list li', (els) => els.length);
    await page.click('.pit.legal >> nth=0');
    assert.equal(await page.$$eval('.move-list li', (els) => els.length), before + 1, `${hash}: board usable`);
    assert.deepEqual(page.errors, [], hash);
    await page.context().close();
  }
  const page = await open('#/nowhere');
  assert.match(await page.textContent('[role=alert]'), /no page/);
  await page.context().close();
});

test('links are percent-decoded: spaces between moves are allowed', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=C%20F');
  await page.waitForSelector('.move-list li >> nth=2');
  assert.equal(await page.$('.link-error'), null);
  assert.equal(await page.$$eval('.move-list li', (els) => els.length), 3);
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
  assert.equal(await page.$$eval('.move-list li', (els) => els.length), 3, 'the game is not lost');
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
