// A tiny static server for dist/ on 127.0.0.1 (used by the end-to-end tests and `make e2e`).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json' };

// With a `prefix` ("/mancala/"), dist/ is served under it, as a page deployed to a sub-path.
// `server.served` lists every file sent (its path, in order), whoever asked: the page, its
// workers or its service worker. With `server.refusing` set, every request is answered 503, as
// by a host that is down behind its proxy, and listed in `server.refused`.
export function serve(root, port = 0, prefix = '/') {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (server.refusing) { server.refused.push(url.pathname); res.writeHead(503); res.end('down'); return; }
    if (!url.pathname.startsWith(prefix)) { res.writeHead(404); res.end('not found'); return; }
    let file = path.join(root, decodeURIComponent(url.pathname.slice(prefix.length - 1)));
    if (!file.startsWith(path.resolve(root))) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(data);
      server.served.push(path.relative(root, file));
    });
  });
  server.served = [];
  server.refused = [];
  server.refusing = false;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// For the benchmark scripts: dist/ served, its index page's address, and a headless Chromium
// ($CHROMIUM, or Debian's).
export async function benchPage(root) {
  const { chromium } = await import('playwright-core');
  const server = await serve(root);
  const base = `http://127.0.0.1:${server.address().port}/index.html`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  return { server, base, browser };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await serve(path.resolve(process.argv[2] || 'dist'), Number(process.argv[3] || 8080));
  console.log(`serving on http://127.0.0.1:${s.address().port}`);
}
