// End-to-end: the new-user audit's smaller defects (issue 44, part 4), each as a user meets it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, drained, noAnimation, open } from './helpers.mjs';

setup();

test("a link's banner follows the address: mended, it goes", async () => {
  for (const [bad, good] of [
    ['rules=kalahh', 'rules=kalah-6-4'],
    ['rules=kalah-6-4&moves=abz', 'rules=kalah-6-4&moves=ab'],
  ]) {
    const page = await open(`#/play?${bad}`);
    assert.ok(await page.$('.link-error'), `${bad}: a banner`);
    await page.evaluate((h) => { location.hash = h; }, `#/play?${good}`);
    await page.waitForSelector('.link-error', { state: 'detached', timeout: 5000 });
    // And back to the bad link: the banner again.
    await page.evaluate((h) => { location.hash = h; }, `#/play?${bad}`);
    await page.waitForSelector('.link-error', { timeout: 5000 });
    await page.context().close();
  }
});

test('a near miss of an address opens the page it names', async () => {
  const page = await open('#/lab/solved', { wait: '.solved-grid' });
  assert.equal(await page.$('.not-found'), null);
  for (const [hash, wait] of [['#/paly?rules=oware', 'svg.board'], ['#/dakon?n=5', '.dakon-lab']]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForSelector(wait);
    assert.equal(await page.$('.not-found'), null, hash);
  }
  // Nothing near: not found, with the games below.
  await page.evaluate(() => { location.hash = '#/nowhere'; });
  await page.waitForSelector('.not-found');
  await page.context().close();
});

test('every new game is an entry of the history: Back and Forward go between the games', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await noAnimation(page);
  await page.click('#pit-s-0');
  await page.click('#pit-n-1');
  assert.match(page.url(), /moves=ab/);
  await page.click('.new-game summary');
  await page.click('.custom button[type=submit]');
  await page.waitForFunction(() => !location.hash.includes('moves='));
  await page.goBack();
  await page.waitForFunction(() => location.hash.includes('moves=ab'));
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 3, 'the game before, with its two moves');
  await page.goForward();
  await page.waitForFunction(() => !location.hash.includes('moves='));
  assert.equal(await page.$$eval('.move-list .ply', (els) => els.length), 1, 'the new game');
  await page.context().close();
});

test('the animation control says what it does', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  assert.match(await page.textContent('label.speed'), /^Animation: /);
  await page.context().close();
});

test('a new Hint ends the preview of the old line', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cf');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 30000 });
  await page.click('.line-move >> nth=0');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.preview-bar:not(.empty)');
  await page.click('button.hint');
  await drained(page);
  assert.equal(await page.$('.preview-bar:not(.empty)'), null, 'the board shows the game again');
  assert.equal(await page.$('.previewing'), null);
  await page.context().close();
});

test('hidden characters in a link or a record are named, never obeyed', async () => {
  const page = await open('#/play?rules=kalah-6-4&setup=4.4.4%E2%80%AE.4.4.4-4.4.4.4.4.4-0.0-s');
  const banner = await page.textContent('.link-error');
  assert.match(banner, /<U\+202E>/);
  assert.ok(!banner.includes('\u202E'), banner);
  // A record saved with a byte-order mark, numbered as the move list shows it, opens.
  await page.click('.record summary');
  await page.fill('.record-import textarea', '\uFEFF[Rules "kalah-6-4"]\n\n1. f a 2. b c\n');
  await page.click('button.open-record');
  await page.waitForFunction(() => location.hash.includes('moves=fabc'));
  // A record with a bidi override in its moves: the fault names it.
  await page.fill('.record-import textarea', 'f \u202Ea');
  await page.click('button.open-record');
  const fault = await page.textContent('.record .field-error');
  assert.match(fault, /<U\+202E>/);
  assert.ok(!fault.includes('\u202E'), fault);
  await page.context().close();
});

test("a comment's hidden characters are shown as tags, in the list and in its box, and kept unless edited", async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=a%7B%E2%80%AEevil%20comment%E2%80%AC%7Db');
  const listed = await page.textContent('.move-list .comment');
  assert.equal(listed, '<U+202E>evil comment<U+202C>');
  await page.click('.move-list .ply >> nth=1');
  const boxed = await page.inputValue('.comment-edit textarea');
  assert.equal(boxed, '<U+202E>evil comment<U+202C>');
  // Left as shown, the box changes nothing: the link keeps the characters.
  await page.focus('.comment-edit textarea');
  await page.keyboard.press('Tab');
  assert.match(page.url(), /%E2%80%AE/i);
  await page.context().close();
});

test("on a phone, the computer's thinking and a preview's bar stay within the status line's slot", async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=cfdb&south=perfect', { viewport: { width: 390, height: 844 } });
  await page.waitForSelector('.status .thinking');
  const inside = (p) => p.evaluate(() => {
    const slot = document.querySelector('.status-slot').getBoundingClientRect();
    const parts = [...document.querySelectorAll('.status-slot .status, .status-slot .preview-bar:not(.empty) button')];
    return { n: parts.length, out: parts.filter((e) => { const r = e.getBoundingClientRect(); return r.bottom > slot.bottom + 0.5 || r.right > slot.right + 0.5; }).map((e) => e.className || e.tagName) };
  });
  const thinking = await inside(page);
  assert.ok(thinking.n > 0 && thinking.out.length === 0, `the thinking text overflows: ${JSON.stringify(thinking)}`);
  await page.context().close();
  const preview = await open('#/play?rules=kalah-4-3&moves=a', { viewport: { width: 390, height: 844 } });
  await preview.click('button.solve');
  await preview.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 30000 });
  await preview.click('.line-move >> nth=1');
  await preview.waitForSelector('.preview-bar:not(.empty)');
  const bar = await inside(preview);
  assert.ok(bar.n >= 4 && bar.out.length === 0, `the preview's buttons are clipped: ${JSON.stringify(bar)}`);
  await preview.context().close();
});

test('side lines nested five deep read as an indented tree on a phone', async () => {
  const page = await open('#/play?rules=kalah-6-6', { viewport: { width: 390, height: 844 } });
  await noAnimation(page);
  const playFirst = async (k) => {
    for (let i = 0; i < k; i++) {
      const before = page.url();
      await page.click('.pit.legal >> nth=0');
      await page.waitForFunction((u) => location.href !== u, before);
    }
  };
  await playFirst(8);
  // Five times: back six moves along the line on screen, another move there, and seven more.
  for (let level = 1; level <= 5; level++) {
    // The page's keys (the board keeps its arrows for its pits).
    await page.evaluate(() => document.activeElement?.blur());
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    const before = page.url();
    await page.click('.pit.legal >> nth=1');
    await page.waitForFunction((u) => location.href !== u, before);
    await playFirst(7);
  }
  const m = await page.evaluate(() => {
    const blocks = [...document.querySelectorAll('.move-list .variation.block')];
    const depth = (e) => { let d = 0; for (let p = e.parentElement; p; p = p.parentElement) if (p.classList?.contains('block')) d++; return d; };
    const deepest = blocks.reduce((a, b) => (depth(b) > depth(a) ? b : a), blocks[0]);
    const chain = [];
    for (let e = deepest; e; e = e.parentElement?.closest('.variation.block')) chain.push(e.getBoundingClientRect().left);
    const list = document.querySelector('.move-list');
    return { blocks: blocks.length, depth: deepest ? depth(deepest) + 1 : 0, lefts: chain.reverse(), right: Math.max(...blocks.map((b) => b.getBoundingClientRect().right)), width: innerWidth, overflow: list.scrollWidth - list.clientWidth };
  });
  assert.ok(m.blocks >= 5 && m.depth >= 5, `five nested side lines as blocks: ${JSON.stringify(m)}`);
  for (let i = 1; i < m.lefts.length; i++) assert.ok(m.lefts[i] > m.lefts[i - 1], `each level further in: ${m.lefts}`);
  assert.ok(m.right <= m.width && m.overflow <= 0, `within the phone's width: ${JSON.stringify(m)}`);
  // Each side line says where it branches: its first move's turn number, as the main line
  // numbers its turns (the first level branches at turn 3 or later: eight moves were played).
  const numbers = await page.$$eval('.move-list .variation.block', (bs) => bs.map((b) => b.querySelector(':scope > .turn-no')?.textContent));
  assert.equal(numbers.length, m.blocks);
  for (const n of numbers) assert.match(n || '', /^\d+\.$/, `a side line's number: ${numbers}`);
  await page.context().close();
});

test('the Dakon lab keeps its answers through another n and a reload', async () => {
  const page = await open('#/lab/dakon?n=4', { wait: 'button.dakon-survey' });
  await page.click('button.dakon-survey');
  await page.waitForSelector('.dakon-survey-table', { timeout: 60000 });
  for (const step of ['n=5', 'reload', 'n=4']) {
    if (step === 'reload') await page.reload();
    else await page.evaluate((n) => { location.hash = `#/lab/dakon?${n}`; }, step);
    // The answer, shown as the latest or among the earlier ones.
    await page.waitForSelector('main.dakon-lab');
    await page.waitForFunction(() => document.querySelector('.earlier-results')?.textContent.includes('Dakon-4: every first turn counted') || document.querySelector('.dakon-survey-table'), null, { timeout: 10000 })
      .catch(() => assert.fail(`${step}: the answer is lost`));
  }
  await page.context().close();
});

test('the home page names no element twice, and groups the games players look for first', async () => {
  const page = await open('#/', { wait: '.game-card' });
  const ids = await page.$$eval('[id]', (els) => els.map((e) => e.id));
  assert.ok(ids.length > 0);
  assert.equal(new Set(ids).size, ids.length, `repeated ids: ${ids.filter((x, i) => ids.indexOf(x) !== i)}`);
  const groups = await page.$$eval('section.group > h2', (els) => els.map((e) => e.textContent));
  assert.deepEqual(groups, ['Two players at a board', 'Solitaires', 'Games of game theory']);
  const families = await page.$$eval('section.group', (els) => els.map((g) => [...g.querySelectorAll('section.family > h3')].map((h) => h.textContent)));
  assert.ok(/Kalah/.test(families[0][0]) && /Oware/.test(families[0][1]), JSON.stringify(families));
  assert.ok(families[1].some((f) => /Tchoukaillon/.test(f)) && families[1].some((f) => /Tchouka/.test(f)), JSON.stringify(families));
  await page.context().close();
});

test('without animation, a move still sounds', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  await page.evaluate(() => {
    window.tones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (...a) { window.tones++; return make.apply(this, a); };
  });
  await noAnimation(page);
  if ((await page.textContent('button.sound')).includes('off')) await page.click('button.sound');
  await page.click('#pit-s-0');
  await page.waitForFunction(() => window.tones > 0, null, { timeout: 5000 });
  assert.ok((await page.evaluate(() => window.tones)) > 0, 'the move sounded with animation off');
  await page.context().close();
});

test('a record file opens like a pasted one, and the opened game is in view with its notice', async () => {
  const page = await open('#/play?rules=kalah-6-4', { viewport: { width: 390, height: 844 } });
  await page.click('.record summary');
  await page.setInputFiles('.record-file input', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from('\uFEFF[Rules "kalah-6-4"]\n\n1. f a 2. b c\n') });
  await page.waitForFunction(() => document.querySelector('.record-import textarea').value.includes('1. f a'));
  await page.click('button.open-record');
  await page.waitForFunction(() => location.hash.includes('moves=fabc'));
  await page.waitForFunction(() => window.scrollY === 0);
  const notice = await page.$eval('.notice', (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, text: e.textContent }; });
  assert.match(notice.text, /The record is open/);
  assert.ok(notice.top >= 0 && notice.bottom <= 844, `the notice in view: ${JSON.stringify(notice)}`);
  // A file too large for a record is refused, and says so.
  await page.evaluate(() => { document.querySelector('.record').open = true; });
  await page.setInputFiles('.record-file input', { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1_200_000, 97) });
  assert.match(await page.textContent('.record .field-error'), /big\.txt is 1200 KB: a record is at most 400 KB/);
  await page.context().close();
});
