// End-to-end: the turn controller. Every user action (Hint, Analyze, Solve, Stop, Undo, Redo,
// New game, Play this line, a pit at an earlier ply, a preview step, switching a player), in
// every state of the computer (thinking, animating, an extra turn, idle), for either side: the
// game goes on — the computer, when it is to move, moves, and a person can play after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, noAnimation, open, soon } from './helpers.mjs';

setup();

const OTHER = { s: 'n', n: 's' };
const movesOf = (url) => new URLSearchParams(new URL(url).hash.split('?')[1]).get('moves') || '';
const playable = 'svg.board [role=button]';

/// Kalah(6,4) links that put the computer (`side`) in `state`. `slow`: the animation is set to
/// slow and a person's move starts the computer's turn, whose sowing is then on screen.
/// `long`: the action waits for a search of its own (a Hint's line), which must end while the
/// computer still thinks.
function scene(state, side, long) {
  const who = side === 'n' ? 'north' : 'south';
  // The computer searches for 1 s (hard), long beside an action's clicks; for 5 s (expert)
  // where the action waits for its own search first.
  const level = long ? 'expert' : 'hard';
  switch (state) {
    // The computer is to move and searches.
    case 'thinking':
      return { link: side === 'n' ? `moves=a&${who}=${level}` : `moves=ab&${who}=${level}` };
    // The computer's own move gave it another turn (c's four seeds end in its store).
    case 'extra turn':
      return { link: side === 'n' ? `moves=ac&${who}=${level}` : `moves=c&${who}=${level}` };
    // The computer's move is being sown on the board (easy: it answers at once). The
    // person's move (`pit`) is one the computer answers with a single sowing, no extra turn
    // (checked: North answers South's a after ebc with d, South answers North's e after a
    // with b), so that the position on screen while it is sown is the person's to move and
    // stays: a Hint asked then is not left behind by a second move of the computer's.
    case 'animating':
      return { link: side === 'n' ? `moves=ebc&${who}=easy` : `moves=a&${who}=easy`, slow: true, pit: side === 'n' ? 0 : 4, sown: side === 'n' ? 'ebcad' : 'aeb' };
    // A person is to move; the computer waits (after New game it moves first: hard, 1 s).
    case 'idle':
      return { link: side === 'n' ? `moves=ab&${who}=hard` : `moves=a&${who}=hard` };
  }
  throw new Error(state);
}

async function enter(state, side, long) {
  const { link, slow, pit, sown } = scene(state, side, long);
  // A computer that searches from the start is waited for as soon as the page is there, and
  // the action follows at once: its second of thought is not spent on the test's own round
  // trips. Moves are not animated (the system asks for reduced motion) but in the scene of
  // the sowing on screen.
  const searching = state === 'thinking' || state === 'extra turn';
  const page = await open(`#/play?rules=kalah-6-4&${link}`, {
    wait: searching ? '.status .thinking' : 'svg.board',
    reducedMotion: slow ? 'no-preference' : 'reduce',
  });
  if (slow) {
    await page.selectOption('.speed select', '400');
    // The person's move, then the computer's, sown seed by seed.
    await page.click(`svg.board #pit-${OTHER[side]}-${pit}`);
    const name = side === 'n' ? 'North' : 'South';
    await page.waitForFunction((n) => document.querySelector('.status').textContent.startsWith(`${n} sows`), name, { timeout: 20000 });
    assert.ok(await page.$('.hand'), 'the computer\'s move is being sown');
    assert.equal(movesOf(page.url()), sown, 'the computer answers with one sowing');
  }
  if (state === 'idle') {
    assert.ok(await page.$(playable), 'a person is to move');
    assert.equal(await page.$('.status .thinking'), null);
  }
  return page;
}

async function waitDone(page) {
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 60000 });
}

const ACTIONS = {
  Hint: (p) => p.click('button.hint'),
  Analyze: (p) => p.click('button.analyze'),
  Solve: (p) => p.click('button.solve'),
  Stop: async (p) => {
    await p.click('button.analyze');
    await p.click('button.stop');
  },
  Undo: (p) => p.click('button.undo'),
  Redo: async (p) => {
    await p.click('button.undo');
    await p.click('button.redo');
  },
  'New game': async (p) => {
    await p.click('.new-game summary');
    await p.click('.custom button[type=submit]');
  },
  'Play this line': async (p) => {
    await p.click('button.hint');
    await waitDone(p);
    await p.click('.line-move >> nth=0');
    await p.click('.preview-play');
  },
  'a pit at an earlier ply': async (p) => {
    await p.click('button.undo');
    const pit = await p.$(playable);
    if (pit) await pit.click();
  },
  'a preview step': async (p) => {
    await p.click('button.hint');
    await waitDone(p);
    await p.click('.line-move >> nth=0');
    await p.keyboard.press('ArrowRight');
  },
  'switching a player': (p, side) => p.selectOption(`.player-${side}`, '2'), // easy
};

/// The actions that wait for a Hint's search before their clicks.
const LONG = new Set(['Play this line', 'a preview step']);

/// The game goes on: back at the end of the line with nothing previewed, as a player would, a
/// person can play a pit (the computer, if it was to move, has moved), and the move is played.
async function goesOn(page, what) {
  if (await page.$('.preview-bar:not(.empty)')) await page.click('.preview-end');
  const end = page.locator('button[aria-label="Last position"]');
  if (await end.isEnabled()) await end.click();
  await page.waitForFunction((sel) => document.querySelector(sel) || document.querySelector('.game-over'), playable, { timeout: 40000 })
    .catch(() => assert.fail(`${what}: the game stalled at ${page.url()}`));
  if (await page.$('.game-over')) return;
  const before = page.url();
  await page.click(`${playable} >> nth=0`);
  await page.waitForFunction((u) => location.href !== u, before, { timeout: 5000 });
  assert.deepEqual(page.errors, [], what);
}

/// Runs `jobs` with at most `width` at once.
async function pool(jobs, width) {
  const queue = [...jobs];
  await Promise.all(Array.from({ length: width }, async () => {
    while (queue.length) await queue.shift()();
  }));
}

// Every action for both sides, two pages side by side (the computer's searches are limited in
// time, not in nodes, so they take no longer for sharing the cores; a Hint's is limited in
// depth, and more pages at once only share the two cores of the CI machine). The 22 scenes of
// a state are counted.
for (const state of ['thinking', 'extra turn', 'animating', 'idle']) {
  test(`every action while the computer (North, and South) is in state "${state}": the game goes on`, async () => {
    const done = [];
    const scenes = ['n', 's'].flatMap((side) => Object.entries(ACTIONS).map(([name, act]) => async () => {
      const page = await enter(state, side, LONG.has(name));
      const what = `${name} while ${side} is ${state}`;
      await act(page, side);
      await goesOn(page, what);
      await page.context().close();
      done.push(what);
    }));
    await pool(scenes, 2);
    assert.equal(done.length, 2 * Object.keys(ACTIONS).length, done.join(', '));
  });
}

test('a click while the computer is to move is refused with a notice, and nothing is lost', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=a&north=expert');
  await page.waitForSelector('.status .thinking');
  await page.click('#pit-s-1');
  assert.equal(
    await page.textContent('.notice'),
    'North (the computer) is to move: this click is not played; play once it has moved (or make North a person in Players).',
  );
  await page.waitForFunction(() => /moves=a[a-f]/.test(location.hash), null, { timeout: 30000 });
  await page.context().close();
});

test('the computer keeps thinking through Hint, Analyze and Stop, and then moves (the audit\'s cases)', async () => {
  for (const [link, act] of [
    ['rules=oware&moves=abc&north=expert', ACTIONS.Hint],
    ['rules=kalah-6-4&moves=ab&south=expert', ACTIONS.Stop],
  ]) {
    const page = await open(`#/play?${link}`);
    await noAnimation(page);
    await page.waitForSelector('.status .thinking');
    const before = movesOf(page.url());
    await act(page);
    // The computer's move goes on the line.
    await page.waitForFunction((m) => {
      const now = new URLSearchParams(location.hash.split('?')[1]).get('moves') || '';
      return now.length > m.length && now.startsWith(m);
    }, before, { timeout: 30000 });
    const after = movesOf(page.url());
    assert.ok(after.startsWith(before) && after.length > before.length, `${link}: the computer moved (${before} → ${after})`);
    await page.waitForSelector(playable);
    await page.context().close();
  }
});

test('Play this line plays the line up to the move previewed, and the computer answers', async () => {
  for (const k of [1, 2]) {
    const page = await open('#/play?rules=kalah-4-3&north=expert');
    await noAnimation(page);
    await page.click('button.solve');
    await waitDone(page);
    const line = await page.$$eval('.line-move', (els) => els.map((e) => e.textContent));
    assert.ok(line.length >= 4, `a proven line of ${line.length} moves`);
    await page.click(`.line-move >> nth=${k - 1}`);
    await page.click('.preview-play');
    // The first k moves played, the view at their end, no ply left behind.
    const moves = movesOf(page.url());
    assert.equal(moves.length, k, `${k} moves of ${line.join(' ')} played: ${page.url()}`);
    assert.doesNotMatch(page.url(), /ply=/);
    assert.equal(await page.locator('button[aria-label="Last position"]').isDisabled(), true, 'the end of the line is on screen');
    // Then the game goes on: North, the computer, answers when it is its turn.
    await goesOn(page, `Play this line to move ${k}`);
    await page.context().close();
  }
});

test('on a phone held sideways, the notice of a refused tap is on screen', async () => {
  const page = await open('#/play?rules=kalah-6-4&moves=a&north=expert', { viewport: { width: 844, height: 390 } });
  await page.waitForSelector('.status .thinking');
  await page.click('#pit-s-1');
  const r = await page.locator('.notice').boundingBox();
  assert.ok(r && r.y >= 0 && r.y + r.height <= 390, `the notice at ${JSON.stringify(r)}`);
  // It can be dismissed.
  await page.click('.notice-close');
  await soon(() => page.$('.notice'), null);
  await page.context().close();
});

test("the computer's turn at an earlier ply says where it moves, Move now plays at once, and a hint of a passed position says so", async () => {
  // a, c (North's c ends in its store: North again), f: at ply 2 North is to move, earlier than the end.
  const earlier = await open('#/play?rules=kalah-6-4&moves=acf&ply=2&north=expert');
  assert.match(await earlier.textContent('.status'), /North \(computer\) moves at the game's end: End goes there\./);
  await earlier.context().close();
  const page = await open('#/play?rules=kalah-6-4&moves=a&north=expert');
  await noAnimation(page);
  await page.click('button.hint');
  await page.waitForSelector('.move-now');
  await page.click('.move-now');
  await page.waitForFunction(() => /moves=a[a-f]/.test(location.hash), null, { timeout: 20000 });
  // The hint was asked of North's position: the panel says it is of a position passed.
  await page.waitForSelector('.search-state.stale', { timeout: 20000 });
  await page.context().close();
});
