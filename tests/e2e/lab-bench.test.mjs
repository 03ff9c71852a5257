// End-to-end: The benchmark page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, soon } from './helpers.mjs';

setup();

test('the bench page can stop a solve and keeps its buttons (defect 6)', async () => {
  const page = await open('#/bench', { wait: 'button.solve-64' });
  await page.click('button.solve-64');
  await soon(() => page.isEnabled('button.solve-63'), true);
  await page.waitForFunction(() => !document.querySelector('button.stop').disabled);
  await page.click('button.stop');
  await page.waitForFunction(() => document.querySelector('button.stop').disabled);
  assert.match(await page.textContent('main'), /Stopped/);
  await page.context().close();
});
