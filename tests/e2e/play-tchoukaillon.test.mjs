// End-to-end: Tchoukaillon on the play page: a winning position played out, the solitaire's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, count, noAnimation, open, soon } from './helpers.mjs';

setup();

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

test('Tchoukaillon speaks as a solitaire and its New game shows its own settings (defect 10)', async () => {
  const page = await open('#/play?rules=tchoukaillon');
  await page.click('button.hint');
  await page.waitForFunction(() => /Done/.test(document.querySelector('.search-state')?.textContent || ''), null, { timeout: 20000 });
  const text = await page.textContent('.analysis');
  assert.match(text, /This position can be won/);
  assert.doesNotMatch(text, /Value for South|nodes/);
  await page.click('.new-game summary');
  await soon(() => page.$('#ng-pits'), null, "no Kalah fields");
  assert.ok(await page.isVisible('#ng-tseeds'));
  assert.equal(await page.$('.players'), null);
  await page.context().close();
});
