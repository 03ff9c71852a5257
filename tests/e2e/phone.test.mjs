// End-to-end: on a phone (390 px), every preset's board fits the screen (a wide board turns
// upright, a long row wraps into lines) with counts of at least 14 pixels (defect 7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open } from './helpers.mjs';

setup();

test('every preset fits a 390 px phone with counts of 14 px or more, and a growing row wraps', async () => {
  const home = await open('#/', { viewport: { width: 390, height: 844 }, wait: '.game-card' });
  const links = await home.$$eval('.game-card a.game-link', (as) => as.map((a) => a.getAttribute('href')));
  assert.ok(links.length >= 20, `${links.length} presets`);
  const measure = () => home.evaluate(() => {
    const cells = [...document.querySelectorAll('svg.board [data-count]')].map((g) => g.getBoundingClientRect());
    const counts = [...document.querySelectorAll('svg.board .count')].map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    return { right: Math.max(...cells.map((r) => r.right)), left: Math.min(...cells.map((r) => r.left)), count: Math.min(...counts), width: innerWidth };
  });
  for (const href of [...links, '#/play?rules=atomic&setup=2222222222222222-l', '#/play?rules=kalah-12-4', '#/play?rules=oware-12-4']) {
    await home.evaluate((h) => { location.hash = h; }, href);
    await home.waitForSelector('svg.board');
    await home.waitForFunction((h) => location.hash.startsWith(h.split('&')[0]), href);
    const m = await measure();
    assert.ok(m.left >= 0 && m.right <= m.width, `${href}: the board fits (${m.left}..${m.right} of ${m.width})`);
    assert.ok(m.count >= 14, `${href}: counts ${m.count.toFixed(1)} px`);
  }
  await home.context().close();
});
