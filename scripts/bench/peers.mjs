// Side-by-side figures against the peers a team might use instead: a bare node:http server, hono, an msw-based
// server (msw's getResponse behind node:http), json-server, Stoplight Prism (`prism mock` on this package's
// openapi.json, and on a copy cut down to users/get, with the same users/get reply as the example of its 200 response),
// and nock for the in-process path.
// The peers are installed into a temporary folder at run time, never as dependencies of this package.
// Usage: node scripts/bench/peers.mjs [seconds per round, default 3] [rounds, default 3]
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuild } from '../ensure-build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 3);
const PEERS = ['hono@4', '@hono/node-server@1', 'json-server@0.17', 'nock@14', '@stoplight/prism-cli@5'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function load(url, method, body, headers) {
  const args = [join(here, 'load.mjs'), JSON.stringify({ url, body, headers, seconds, connections: 32, method })];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' });
  return JSON.parse(stdout).rps;
}

const listening = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));

async function freePort() {
  const free = createServer();
  const port = Number(new URL(await listening(free)).port);
  await new Promise((resolve) => free.close(resolve));
  return port;
}

/** Polls every 100 ms until `check` resolves true; throws after `tries` polls. */
async function until(check, tries = 100) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('a peer server did not start');
}

async function main() {
  ensureBuild();
  const folder = mkdtempSync(join(tmpdir(), 'collab-mock-peers-'));
  const children = [];
  try {
    process.stdout.write(`installing ${PEERS.join(', ')} into ${folder} ...\n`);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'peers', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...PEERS], { cwd: folder, stdio: 'inherit' });
    const peer = createRequire(join(folder, 'package.json'));
    const importPeer = (name) => import(pathToFileURL(peer.resolve(name)).href);
    const binOf = (name, command) => {
      const manifest = peer.resolve(`${name}/package.json`);
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
      return join(dirname(manifest), typeof bin === 'string' ? bin : bin[command]);
    };

    const { createMockService } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
    const { listen } = await import(pathToFileURL(join(root, 'dist', 'adapters', 'node-server.js')).href);
    const { createHandlers } = await import(pathToFileURL(join(root, 'dist', 'adapters', 'msw.js')).href);
    const { http, HttpResponse, getResponse } = await import('msw');
    const { setupServer } = await import('msw/node');

    const service = createMockService();
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    const users = Array.from({ length: 10 }, (_, i) => ({ userId: `user-${i}`, name: `User ${i}`, email: `user${i}@example.com` }));
    await service.dispatch({ method: 'POST', path: '/v2/users/add', headers, body: JSON.stringify({ data: { organizationId: 'org-1', users } }) });
    const body = JSON.stringify({ data: { organizationId: 'org-1' } });
    const fixed = (await service.dispatch({ method: 'POST', path: '/v2/users/get', headers, body })).body;

    const bare = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(fixed);
      });
    });
    const { Hono } = await importPeer('hono');
    const { serve } = await importPeer('@hono/node-server');
    const app = new Hono();
    app.post('/v2/users/get', (c) => c.body(fixed, 200, { 'content-type': 'application/json; charset=utf-8' }));
    const honoServer = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const handlers = [http.post('http://peer.test/v2/users/get', () => new HttpResponse(fixed, { headers: { 'content-type': 'application/json' } }))];
    const mswServer = createServer(async (req, res) => {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const request = new Request(`http://peer.test${req.url}`, { method: req.method, headers: req.headers, body: Buffer.concat(chunks) });
      const response = await getResponse(handlers, request);
      res.writeHead(response?.status ?? 404, Object.fromEntries(response?.headers ?? []));
      res.end(Buffer.from(await (response?.arrayBuffer() ?? new ArrayBuffer(0))));
    });
    const dbFile = join(folder, 'db.json');
    writeFileSync(dbFile, JSON.stringify({ result: JSON.parse(fixed).result }));
    const jsonServerPort = await freePort();
    const jsonServer = spawn(
      process.execPath,
      [binOf('json-server', 'json-server'), dbFile, '--port', String(jsonServerPort), '--host', '127.0.0.1', '--quiet'],
      { cwd: folder, stdio: 'ignore' },
    );
    children.push(jsonServer);
    const jsonServerUrl = `http://127.0.0.1:${jsonServerPort}`;
    await until(() =>
      fetch(`${jsonServerUrl}/result`).then(
        (r) => r.ok,
        () => false,
      ),
    );

    // Prism validates each request against the document (body schema, API key headers) before it answers. It runs
    // twice: on the whole openapi.json, and on a document cut down to the one path, in case its routing grows with paths.
    const document = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8'));
    document.paths['/v2/users/get'].post.responses['200'].content['application/json'].example = JSON.parse(fixed);
    const onePath = { ...document, paths: { '/v2/users/get': document.paths['/v2/users/get'] } };
    const startPrism = async (name, doc) => {
      const documentFile = join(folder, name);
      writeFileSync(documentFile, JSON.stringify(doc));
      const port = await freePort();
      const args = ['mock', documentFile, '--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'warn'];
      children.push(spawn(process.execPath, [binOf('@stoplight/prism-cli', 'prism'), ...args], { cwd: folder, stdio: 'ignore' }));
      const url = `http://127.0.0.1:${port}/v2/users/get`;
      await until(
        () =>
          fetch(url, { method: 'POST', headers, body }).then(
            (r) => r.ok,
            () => false,
          ),
        600,
      );
      return url;
    };
    const prismUrl = await startPrism('openapi.json', document);
    const prismOnePathUrl = await startPrism('one-path.json', onePath);
    const ours = await listen(service, { port: 0 });

    const targets = [
      ['bare node:http (fixed JSON)', `${await listening(bare)}/v2/users/get`, 'POST'],
      ['hono (fixed JSON)', `http://127.0.0.1:${honoServer.address().port}/v2/users/get`, 'POST'],
      ['msw getResponse behind node:http (fixed JSON)', `${await listening(mswServer)}/v2/users/get`, 'POST'],
      ['json-server (GET /result)', `${jsonServerUrl}/result`, 'GET'],
      ['Prism mock (openapi.json, users/get example)', prismUrl, 'POST'],
      ['Prism mock (users/get path only)', prismOnePathUrl, 'POST'],
      ['collab-service-mock (users/get, 10 users)', `${ours.url}/v2/users/get`, 'POST'],
    ];
    const rps = Object.fromEntries(targets.map(([name]) => [name, []]));
    for (let r = 0; r < rounds; r++) {
      for (const [name, url, method] of targets) rps[name].push(await load(url, method, method === 'POST' ? body : undefined, headers));
    }
    bare.close();
    honoServer.close();
    mswServer.close();
    for (const child of children) child.kill();
    await ours.close();

    // In process: a fetch answered by nock against one answered by our msw handlers.
    const nock = (await importPeer('nock')).default;
    const timeCalls = async (url, calls = 1500) => {
      const samples = [];
      for (let i = 0; i < calls; i++) {
        const start = performance.now();
        await (await fetch(url, { method: 'POST', headers, body })).text();
        samples.push(performance.now() - start);
      }
      return median(samples.slice(calls / 5));
    };
    nock('https://nock.test').persist().post('/v2/users/get').reply(200, fixed, { 'content-type': 'application/json' });
    const nockUs = (await timeCalls('https://nock.test/v2/users/get')) * 1000;
    nock.cleanAll();
    nock.restore();
    const msw = setupServer(...createHandlers(service));
    msw.listen({ onUnhandledRequest: 'error' });
    const oursUs = (await timeCalls('https://collab-service.test/v2/users/get')) * 1000;
    msw.close();

    const bareRps = median(rps['bare node:http (fixed JSON)']);
    const width = Math.max(...targets.map(([n]) => n.length));
    process.stdout.write(`\nStandalone servers, requests/s (median of ${rounds} rounds of ${seconds} s, 32 connections):\n`);
    for (const [name] of targets) {
      const m = median(rps[name]);
      process.stdout.write(`  ${name.padEnd(width)}  ${Math.round(m).toString().padStart(7)}  ${(m / bareRps).toFixed(2)}× bare\n`);
    }
    process.stdout.write(
      `\nIn process, µs per fetch (median):\n  nock (fixed JSON)                          ${nockUs.toFixed(0)}\n  collab-service-mock msw handlers (users/get) ${oursUs.toFixed(0)}  (${(oursUs / nockUs).toFixed(2)}× nock)\n`,
    );
  } finally {
    for (const child of children) child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
