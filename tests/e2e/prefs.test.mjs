// End-to-end: the reader's preferences the README promises — the board turned round (per
// rules, remembered), the theme switch (remembered, over the system's preference) and reduced
// motion (no sowing shown when the system asks for less motion).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

// The rows' heights on screen: South's first pit and North's first pit.
const rows = (page) => page.evaluate(() => ['pit-s-0', 'pit-n-0'].map((id) => document.getElementById(id).getBoundingClientRect().top));

test('Flip board turns the board round for these rules, and a reload remembers it', async () => {
  const page = await open('#/play?rules=kalah-6-4');
  const [south, north] = await rows(page);
  assert.ok(south > north, `South's row below North's (${south}, ${north})`);
  assert.equal(await page.getAttribute('button.flip', 'aria-pressed'), 'false');
  await page.click('button.flip');
  await soon(() => page.getAttribute('button.flip', 'aria-pressed'), 'true');
  const [s2, n2] = await rows(page);
  assert.ok(s2 < n2, `turned round: South's row above North's (${s2}, ${n2})`);
  await page.reload();
  await page.waitForSelector('svg.board');
  const [s3, n3] = await rows(page);
  assert.ok(s3 < n3, `still turned round after a reload (${s3}, ${n3})`);
  // Other rules keep their own way round.
  await page.evaluate(() => { location.hash = '#/play?rules=oware'; });
  await page.waitForFunction(() => document.querySelector('button.flip')?.getAttribute('aria-pressed') === 'false');
  const [s4, n4] = await rows(page);
  assert.ok(s4 > n4, `Oware not turned (${s4}, ${n4})`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the theme switch wins over the system and is remembered; "as the system" follows it again', async () => {
  const page = await open('#/play?rules=kalah-6-4', { colorScheme: 'light' });
  const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  const ink = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
  assert.equal(await theme(), null);
  const light = await ink();
  await page.selectOption('select[aria-label="Colour theme"]', 'dark');
  await soon(theme, 'dark');
  const dark = await ink();
  assert.notEqual(dark, light, 'the colours changed');
  await page.reload();
  await page.waitForSelector('svg.board');
  assert.equal(await theme(), 'dark', 'remembered after a reload');
  assert.equal(await page.inputValue('select[aria-label="Colour theme"]'), 'dark');
  await page.selectOption('select[aria-label="Colour theme"]', 'auto');
  await soon(theme, null);
  assert.equal(await ink(), light, 'as the system (light) again');
  await page.context().close();
});

test('with reduced motion asked for by the system, moves are not animated; otherwise they are', async () => {
  const still = await open('#/play?rules=kalah-6-4', { reducedMotion: 'reduce' });
  assert.equal(await still.inputValue('.speed select'), '0', 'no sowing shown');
  await still.click('#pit-s-0');
  await soon(() => still.textContent('.status'), /South plays a/);
  const moving = await open('#/play?rules=kalah-6-4', { reducedMotion: 'no-preference' });
  assert.notEqual(await moving.inputValue('.speed select'), '0', 'the sowing is shown');
  for (const p of [still, moving]) await p.context().close();
});
