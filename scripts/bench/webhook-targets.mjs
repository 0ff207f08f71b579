// Webhooks against the built server, as a user would aim them: endpoints at the server's own control plane in every
// spelling (host names, IP notations, path encodings, a name that resolves to loopback, a receiver that redirects
// there), counting which are refused at create and checking that the attempts of the rest change nothing; then 20
// endpoints that never answer (or drip a byte at a time) beside a healthy one, timing the healthy delivery.
// Usage: node scripts/bench/webhook-targets.mjs
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:http';
import { startBuiltServer } from './built-server.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const { child, url: base, headers } = await startBuiltServer();
const port = new URL(base).port;
const api = async (path, data) => {
  const reply = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: reply.status, body: await reply.json() };
};
const control = async (method, path, body) => {
  const reply = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return reply.json();
};

/** What a control call aimed at by a delivery would change: users, endpoints, fault rules. */
const observed = async () => {
  const users = (await api('/v2/users/get', { organizationId: 'org' })).body.result.data.map((u) => u.userId);
  const endpoints = (await api('/v2/workspace/advancedwebhook/endpoints/get', {})).body.result.data;
  const faults = await control('GET', '/__mock/faults');
  return JSON.stringify({ users, endpoints, faults });
};

/** A comment that asks for webhooks: one advanced delivery per endpoint. */
let comments = 0;
const comment = () =>
  api('/v2/commentannotations/add', {
    organizationId: 'org',
    documentId: 'doc',
    commentAnnotations: [{ annotationId: `a${++comments}`, commentData: [{ from: { userId: 'u1' }, commentText: 'hi', triggerNotification: true }] }],
  });

const figures = {};
await api('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
await api('/v2/users/add', { organizationId: 'org', users: [{ userId: 'ada' }, { userId: 'u1' }] });

// A receiver on loopback that redirects every request to the control plane, with each redirect status.
const redirector = createServer((req, res) => {
  req.resume();
  const status = Number(req.url.split('/')[1]);
  res.writeHead(status, { location: `http://127.0.0.1:${port}/__mock/reset` }).end();
});
await new Promise((resolve) => redirector.listen(0, '127.0.0.1', resolve));
const redirectPort = redirector.address().port;

const hosts = [
  'localhost',
  'LOCALHOST',
  'localhost.',
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '2130706433',
  '0x7f000001',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '017700000001',
  '127.000.000.001',
  '%31%32%37.0.0.1',
  '１２７.０.０.１',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '0.0.0.0',
  '0',
  '[::]',
  'ip6-localhost',
  'lvh.me',
  'localtest.me',
];
const resolvable = [];
for (const name of ['localhost', 'ip6-localhost', 'lvh.me', 'localtest.me']) {
  const address = await lookup(name).then(
    (r) => r.address,
    () => undefined,
  );
  resolvable.push(`${name}=${address ?? 'no answer'}`);
}
figures['names and what they resolve to here'] = resolvable.join(', ');
const paths = [
  '/__mock/reset',
  '/__MOCK/reset',
  '/%5F%5Fmock/reset',
  '/%5f%5fmock/faults',
  '//__mock/reset',
  '/x/../__mock/reset',
  '/x/%2e%2e/__mock/reset',
  '/./__mock/reset',
  '/__mock/reset/',
  '/__mock%2Freset',
  '/__mock/reset?x=1',
  '/__mock\\reset',
  '/__mock;x/reset',
  '/hooks/__mock/reset',
];
const urls = [];
for (const host of hosts) for (const path of paths) urls.push(`http://${host}:${port}${path}`);
for (const status of [301, 302, 303, 307, 308]) urls.push(`http://127.0.0.1:${redirectPort}/${status}/hooks`);
// Ports and paths that are not the control plane of this server but are loopback: kept (a local handler).
urls.push(`http://127.0.0.1:${port}/v2/users/delete`);

let refused = 0;
const accepted = [];
for (const url of urls) {
  const reply = await api('/v2/workspace/advancedwebhook/endpoints/create', { url });
  if (reply.status === 400) refused += 1;
  else if (reply.status === 200) accepted.push(url);
  else throw new Error(`${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
}
figures['endpoint URLs aimed at this server tried'] = urls.length;
figures['refused at create'] = refused;
figures['accepted'] = accepted.join(' ');
const before = await observed();
await comment();
await control('POST', '/__mock/webhooks/flush', {});
const deliveries = (await control('GET', '/__mock/webhooks/deliveries')).deliveries;
figures['attempts of the accepted endpoints'] = deliveries.map((d) => `${d.url} -> ${d.attempts.map((a) => a.statusCode ?? a.error).join(', ')}`).join(' | ');
await api('/v2/users/get', { organizationId: 'org' });
const after = await observed();
figures['users, endpoints and fault rules unchanged'] = after === before;
if (after !== before) figures['changed'] = `${before} -> ${after}`;
redirector.close();

// 20 endpoints that never answer or drip a byte every 2 s, beside a healthy one.
await control('POST', '/__mock/reset', {});
await api('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
const sockets = new Set();
const hanging = createServer((req, res) => {
  req.resume();
  if (req.url.startsWith('/drip')) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const drip = setInterval(() => res.write('.'), 2000);
    res.on('close', () => clearInterval(drip));
  }
});
hanging.on('connection', (socket) => sockets.add(socket));
await new Promise((resolve) => hanging.listen(0, '127.0.0.1', resolve));
const arrivals = [];
const healthy = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    arrivals.push(performance.now());
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => healthy.listen(0, '127.0.0.1', resolve));
const hang = `http://127.0.0.1:${hanging.address().port}`;
for (let i = 0; i < 10; i++) await api('/v2/workspace/advancedwebhook/endpoints/create', { url: `${hang}/silent/${i}` });
for (let i = 0; i < 10; i++) await api('/v2/workspace/advancedwebhook/endpoints/create', { url: `${hang}/drip/${i}` });
await api('/v2/workspace/advancedwebhook/endpoints/create', { url: `http://127.0.0.1:${healthy.address().port}/hooks` });
// The second comment comes while the first one's hanging attempts are still out.
const flushes = [];
for (let round = 1; round <= 2; round++) {
  const sent = performance.now();
  await comment();
  flushes.push(control('POST', '/__mock/webhooks/flush', {}).then(() => Math.round(performance.now() - sent)));
  while (arrivals.length < round && performance.now() - sent < 60_000) await pause(5);
  figures[`healthy delivery ${round} arrived after, ms (20 hanging endpoints)`] = Math.round(arrivals[round - 1] - sent);
}
figures['flushes answered after, ms (a hanging attempt ends at its 15 s deadline)'] = (await Promise.all(flushes)).join(' ');
const views = (await control('GET', '/__mock/webhooks/deliveries')).deliveries;
figures['hanging attempts recorded'] = views.filter((d) => !d.url.includes(`:${healthy.address().port}/`)).reduce((n, d) => n + d.attempts.length, 0);
figures['errors of the hanging attempts'] = [...new Set(views.flatMap((d) => d.attempts.map((a) => a.error ?? a.statusCode)))].join(' | ');
for (const socket of sockets) socket.destroy();
hanging.close();
healthy.close();
child.kill('SIGTERM');
process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
