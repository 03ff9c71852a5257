// End-to-end: an axe-core run on every route (the home page, every preset's play page, every
// lab) and every panel a user can open, in both themes: no serious or critical accessibility
// violation. The board is one Tab stop whose arrow keys move between pits, read in sowing order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup, open, noAnimation, soon, registeredLabs } from './helpers.mjs';

setup();

const axe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/axe-core/axe.min.js');

async function violations(page, inject = true) {
  // The page's policy forbids injected scripts: this context bypasses it for axe alone.
  if (inject && !(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axe });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

// Every route a user reaches from the home page: its game cards (every preset of the registry)
// and its labs, read from the home page itself, so that a new family or lab is scanned by
// construction.
async function routes() {
  const home = await open('#/', { wait: '.game-card' });
  const games = await home.$$eval('.game-card a', (els) => els.map((e) => e.getAttribute('href')));
  const labs = await home.$$eval('ul.labs a', (els) => els.map((e) => e.getAttribute('href')));
  await home.context().close();
  assert.equal(games.length, 28, 'every preset of the registry');
  assert.deepEqual(labs, registeredLabs(), 'every registered lab');
  return [['#/', '.game-card'], ...games.map((h) => [h, 'svg.board']), ...labs.map((h) => [h, 'main h1'])];
}

/// A page ready to scan: its own element there, and no lab still loading.
async function ready(page, wait) {
  await page.waitForSelector(wait);
  await page.waitForFunction(() => !/Loading the lab/.test(document.body.textContent), null, { timeout: 30000 });
}

/// The page's background is dark (or light): the theme really applied.
const darkBackground = (page) =>
  page.evaluate(() => {
    // The first of body and html that paints a background (a transparent one reads 0, 0, 0, 0).
    const painted = [document.body, document.documentElement]
      .map((e) => getComputedStyle(e).backgroundColor.match(/[\d.]+/g).map(Number))
      .find((c) => c.length === 3 || c[3] > 0);
    const [r, g, b] = painted;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  });

// Both themes as a visitor gets them, the system's preference (prefers-color-scheme), no switch:
// each route is scanned light, then the preference turns dark and it is scanned again.
test('no serious or critical axe violation on any route, in the light and the dark system preference', async () => {
  const found = [];
  const all = await routes();
  // One page goes from route to route as a visitor's links take it (the address's hash: no
  // reload), through a page that does not exist, so that what is scanned is the route's own
  // rendering and not what the last one left.
  const page = await open('#/', { wait: '.game-card', bypassCSP: true, colorScheme: 'light' });
  await page.addScriptTag({ path: axe });
  const go = (h) => page.evaluate((h) => { location.hash = h; }, h);
  let scanned = 0;
  for (const [hash, wait] of all) {
    await page.emulateMedia({ colorScheme: 'light' });
    await go('#/between-routes');
    await page.waitForSelector('main.not-found');
    await go(hash);
    await page.waitForFunction(() => !document.querySelector('main.not-found'));
    await ready(page, wait);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await soon(() => darkBackground(page), scheme === 'dark', `${hash}: the ${scheme} theme`);
      found.push(...(await violations(page, false)).map((v) => `${hash} (${scheme}): ${v}`));
      scanned += 1;
    }
  }
  await page.context().close();
  assert.ok(all.length >= 38 && scanned === 2 * all.length, `${scanned} scans of ${all.length} routes`);
  assert.deepEqual(found, []);
});

// Every panel a user can open, in both themes, each set by the page's own switch against the
// system's preference (dark chosen on a light system, light on a dark one): the editor, New
// game, the record, the analysis with its values and a previewed line, the endgame databases
// built, a game value, a lab's result.
test('no serious or critical axe violation in any open panel, light and dark, chosen by the switch', async () => {
  const found = [];
  let scans = 0;
  const scan = async (page, what) => {
    for (const theme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark' });
      await page.selectOption('select[aria-label="Colour theme"]', theme);
      await soon(() => darkBackground(page), theme === 'dark', `${what}: the switch set ${theme}`);
      found.push(...(await violations(page)).map((v) => `${what} (${theme}): ${v}`));
      scans += 1;
    }
  };
  const visit = (hash, wait) => open(hash, { wait, bypassCSP: true });
  const play = await visit('#/play?rules=kalah-6-4&moves=cf', 'svg.board');
  await noAnimation(play);
  for (const panel of ['.editor', '.new-game', '.record']) {
    await play.click(`${panel} summary`);
    await play.waitForSelector(`${panel}[open]`);
    await scan(play, `play ${panel}`);
  }
  await play.click('button.hint');
  await play.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 30000 });
  assert.ok((await play.$$('.line-move')).length > 0, 'a best line to preview');
  await scan(play, 'play: analysis');
  await play.click('.line-move >> nth=0');
  await play.waitForSelector('.preview-bar:not(.empty)');
  await scan(play, 'play: preview');
  await play.context().close();
  const awari = await visit('#/play?rules=awari&setup=1.0.0.2.0.1-0.1.1.0.2.0-20.20-s', '.endgame-held');
  await awari.fill('.endgame input', '8');
  await awari.click('.endgame-build-button');
  await awari.waitForSelector('.endgame-values', { timeout: 60000 });
  await scan(awari, 'awari: endgame databases');
  await awari.context().close();
  const sowing = await visit('#/play?rules=sowing&setup=312-l', 'svg.board');
  await sowing.waitForSelector('.cgt-value', { timeout: 60000 });
  await scan(sowing, 'sowing: game value');
  await sowing.context().close();
  const lab = await visit('#/lab/dakon?n=5', 'main h1');
  await lab.click('button.dakon-survey');
  await lab.waitForSelector('.dakon-survey-table');
  await scan(lab, 'Dakon lab: a result');
  await lab.context().close();
  assert.equal(scans, 2 * 8, 'eight panels, each in both themes');
  assert.deepEqual(found, []);
});

test('the board is one Tab stop; arrows move between pits in sowing order; the result is announced', async () => {
  const page = await open('#/play?rules=kalah-1-1');
  await noAnimation(page);
  const stops = await page.$$eval('svg.board [tabindex="0"]', (els) => els.map((e) => e.id));
  assert.deepEqual(stops, ['pit-s-0']);
  // Read in sowing order: South's pits, South's store, North's pits, North's store.
  assert.deepEqual(await page.$$eval('svg.board [data-count]', (els) => els.map((e) => e.id)), ['pit-s-0', 'store-s', 'pit-n-0', 'store-n']);
  await page.focus('#pit-s-0');
  await page.keyboard.press('Enter');
  // The result is said in the status line, a live region, once the seeds have landed.
  await page.waitForFunction(() => /Game over/.test(document.querySelector('.status[aria-live]')?.textContent || ''));
  // With the sowing shown, the status says only who sows until the seeds have landed.
  const slow = await open('#/play?rules=kalah-6-4');
  await slow.selectOption('.speed select', '400');
  await slow.click('#pit-s-0');
  await soon(() => slow.textContent('.status'), /^South sows a…$/);
  await slow.waitForFunction(() => /North to move/.test(document.querySelector('.status').textContent), null, { timeout: 10000 });
  await slow.context().close();
  const six = await open('#/play?rules=kalah-6-4');
  await six.focus('#pit-s-0');
  await six.keyboard.press('ArrowDown');
  await soon(() => six.evaluate(() => document.activeElement.id), 'pit-s-1');
  await six.keyboard.press('ArrowUp');
  await six.keyboard.press('ArrowUp');
  await soon(() => six.evaluate(() => document.activeElement.id), 'pit-s-5', 'round to the last');
  for (const p of [page, six]) await p.context().close();
});
