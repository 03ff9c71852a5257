// What every end-to-end test file shares: the built page (dist/) served on 127.0.0.1, one
// headless Chromium (Debian's, driven by playwright-core), and small helpers. A test file calls
// `setup()` once at its top.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dist = path.resolve(here, '../../dist');
export const artifacts = path.join(here, 'artifacts');
/// The server, the browser and the page's address, once `setup()`'s hook has run.
export const env = { server: null, browser: null, base: null };

export function setup() {
  before(async () => {
    assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'dist/ is missing: run trunk build first');
    fs.mkdirSync(artifacts, { recursive: true });
    env.server = await serve(dist);
    env.base = `http://127.0.0.1:${env.server.address().port}/`;
    env.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(async () => {
    await env.browser?.close();
    env.server?.close();
  });
}

/// A fresh page on `hash`, once `opts.wait` (the board by default) is there; its errors and
/// console warnings are kept on it. The system asks for reduced motion unless `opts.reducedMotion`
/// says otherwise, so moves are not animated: a test of the sowing on screen picks a speed (the
/// Animation select) or `reducedMotion: 'no-preference'`, the visitor's default.
export async function open(hash, opts = {}) {
  const context = await env.browser.newContext({ viewport: opts.viewport || { width: 1200, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'], bypassCSP: !!opts.bypassCSP, colorScheme: opts.colorScheme || 'light', reducedMotion: opts.reducedMotion || 'reduce' });
  const page = await context.newPage();
  const errors = [];
  const console = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') console.push(m.text()); });
  await page.goto((opts.base || env.base + 'index.html') + hash);
  await page.waitForSelector(opts.wait || 'svg.board');
  page.errors = errors;
  page.console = console;
  return page;
}

export async function noAnimation(page) {
  await page.selectOption('.speed select', '0');
}

export const count = (page, id) => page.getAttribute(`#${id}`, 'data-count').then(Number);

/// The page's event loop drained: a round trip and two animation frames, so that any reply
/// already on its way has been handled (no fixed sleep). After Stop the worker is terminated:
/// nothing can arrive later, so what is on screen now stays.
export async function drained(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/// What `read` gives, once it equals `expected` (or matches it, for a RegExp). The page renders
/// after a key or a click on its own schedule (yew's scheduler yields to the browser every 16 ms,
/// so on a slow machine a render can land after Playwright's click has returned): poll (up to
/// `ms`) before comparing. A wrong value still fails with both values shown; a value that is
/// right at once costs nothing.
export async function soon(read, expected, message, ms = 5000) {
  const ok = (v) => (expected instanceof RegExp ? typeof v === 'string' && expected.test(v) : isDeepStrictEqual(v, expected));
  const end = Date.now() + ms;
  let got = await read();
  while (!ok(got) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    got = await read();
  }
  if (expected instanceof RegExp) assert.match(got, expected, message);
  else assert.deepEqual(got, expected, message);
}

/// The labs' pages as docs/architecture.md lists them: the house test
/// (`the_docs_list_the_registered_families_and_labs`) holds that table to the registry
/// (`labs::LABS`), so a lab added there is expected here by construction.
export function registeredLabs() {
  const text = fs.readFileSync(path.resolve(here, '../../docs/architecture.md'), 'utf8');
  const table = text.split('<!-- labs -->')[1].split('<!-- /labs -->')[0];
  return table.split('\n').filter((l) => l.startsWith('|')).slice(2).map((l) => l.split('|')[2].trim().replace(/`/g, ''));
}
