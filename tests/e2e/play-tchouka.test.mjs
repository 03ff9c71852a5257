// End-to-end: Tchouka and Tchuka Ruma: the solvability map, a start's winning line, Tchouka for two.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, count, noAnimation, open, soon } from './helpers.mjs';

setup();

test('Tchuka Ruma: the map solves every start in the worker, a start opens with its winning line, which wins on the board; Tchouka for two plays', async () => {
  const page = await open('#/lab/tchoukaillon', { wait: '.tchouka-grid' });
  assert.match(await page.textContent('.tchouka-map .verdict'), /27 of 64 starts can be won; .* Tchuka Ruma \(4 pits of 2\) is won in 6 choices: 2, 1, 2, 1, 3, 1/);
  const href = await page.getAttribute('.tchouka-grid tbody tr:nth-child(4) td.won a', 'href');
  const game = await open(href);
  await noAnimation(game);
  assert.match(game.url(), /rules=tchouka-4-2&moves=2\.1\.2\.1\.3\.1&ply=0$/);
  // Play the line's moves by clicking the pits: every seed reaches the Roumba.
  for (const pit of [2, 1, 2, 1, 3, 1]) await game.click(`#pit-s-${pit - 1}`);
  await soon(() => game.textContent('.status'), /Won: every seed is in the Roumba/);
  assert.equal(await count(game, 'store-s'), 8);
  // A losing first move ends the solitaire at once.
  const lose = await open('#/play?rules=tchuka-ruma');
  await noAnimation(lose);
  await lose.click('#pit-s-0');
  await soon(() => lose.textContent('.status'), /Stuck|lost/i);
  // Two players: South's turn ends in an empty pit, North moves.
  const duel = await open('#/play?rules=tchouka2-4-2');
  await noAnimation(duel);
  await duel.click('#pit-s-3');
  await soon(() => duel.textContent('.status'), /North to move\. Roumba: South 1, North 0/);
  assert.deepEqual([...page.errors, ...game.errors, ...lose.errors, ...duel.errors], []);
  for (const p of [page, game, lose, duel]) await p.context().close();
});
