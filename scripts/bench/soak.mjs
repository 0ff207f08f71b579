// A day of local development compressed: the built CLI serves on loopback while this process sends it mixed traffic
// whose state stays the same size (users added and deleted, one shared editor rewritten, live-state keys overwritten,
// notifications added and deleted, reads), then a long run of crdt/update on one editor, then a reset. Prints the
// server's resident memory at each point as JSON.
// Usage: node scripts/bench/soak.mjs [mixed seconds, default 300] [crdt updates, default 50000] [connections, default 16]
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { startBuiltServer } from './built-server.mjs';

const seconds = Number(process.argv[2] ?? 300);
const crdtUpdates = Number(process.argv[3] ?? 50_000);
const connections = Number(process.argv[4] ?? 16);

const { child, url, apiKey, authToken } = await startBuiltServer();
const { hostname, port } = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: connections });

/** Resident memory of the server process, MB. */
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;

let requests = 0;
function call(method, path, data) {
  const body = data === undefined ? undefined : JSON.stringify({ data });
  const headers = { 'x-service-api-key': apiKey, 'x-service-auth-token': authToken };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        requests += 1;
        if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 300)}`));
        else resolve(text);
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const org = 'soak-org';
const doc = 'soak-doc';
const text = (i) => `Draft ${i % 2 === 0 ? 'one' : 'two'}: ${'lorem ipsum dolor sit amet '.repeat(8)}`;
await call('POST', '/v2/organizations/add', { organizations: [{ organizationId: org, organizationName: 'Soak' }] });
await call('POST', '/v2/organizations/documents/add', { organizationId: org, documents: [{ documentId: doc, documentName: 'Soak' }] });
await call('POST', '/v2/crdt/add', { organizationId: org, documentId: doc, editorId: 'shared', type: 'text', data: text(0) });
await call('POST', '/v2/crdt/add', { organizationId: org, documentId: doc, editorId: 'long', type: 'text', data: text(0) });

/** One worker's round: every kind of call once; what it adds it deletes, so the state keeps its size. */
async function round(worker, i) {
  const userId = `soak-${worker}-${i % 20}`;
  await call('POST', '/v2/users/add', { organizationId: org, users: [{ userId, name: `Soak ${i}` }] });
  await call('POST', '/v2/crdt/update', { organizationId: org, documentId: doc, editorId: 'shared', type: 'text', data: text(i) });
  await call('POST', '/v2/livestate/broadcast', { organizationId: org, documentId: doc, liveStateDataId: `key-${worker}`, data: { round: i } });
  const notificationId = `n-${worker}-${i % 20}`;
  await call('POST', '/v2/notifications/add', {
    organizationId: org,
    documentId: doc,
    notificationId,
    actionUser: { userId, name: 'Soak' },
    notifyUsers: [{ userId: `soak-${worker}-0` }],
    displayHeadlineMessageTemplate: '{actionUser} wrote',
    displayBodyMessage: 'A body.',
  });
  await call('POST', '/v2/users/get', { organizationId: org });
  await call('POST', '/v2/notifications/delete', { organizationId: org, documentId: doc, notificationIds: [notificationId] });
  await call('POST', '/v2/crdt/get', { organizationId: org, documentId: doc, editorId: 'shared' });
  await call('POST', '/v2/users/delete', { organizationId: org, userIds: [userId] });
  await call('GET', '/__mock/health');
}

const figures = { 'RSS at start, MB': rssMb() };
const started = performance.now();
let minuteMark;
const until = started + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async (_, worker) => {
    for (let i = 0; performance.now() < until; i++) {
      await round(worker, i);
      if (minuteMark === undefined && performance.now() - started >= Math.min(60_000, (seconds * 1000) / 5)) minuteMark = rssMb();
    }
  }),
);
figures['mixed requests'] = requests;
figures['RSS after the first minute, MB'] = minuteMark ?? rssMb();
figures['RSS at the end of the mixed soak, MB'] = rssMb();
const exported = await call('GET', '/__mock/state');
figures['state export at the end, KB'] = exported.length / 1024;
if (process.env.SOAK_STATE_OUT) (await import('node:fs')).writeFileSync(process.env.SOAK_STATE_OUT, exported);

const beforeUpdates = rssMb();
const perWorker = Math.ceil(crdtUpdates / connections);
let sent = 0;
await Promise.all(
  Array.from({ length: connections }, async () => {
    for (let i = 0; i < perWorker && sent < crdtUpdates; i++) {
      sent += 1;
      await call('POST', '/v2/crdt/update', { organizationId: org, documentId: doc, editorId: 'long', type: 'text', data: text(sent) });
    }
  }),
);
const afterUpdates = rssMb();
figures[`RSS growth over ${crdtUpdates.toLocaleString('en-US')} crdt/update on one editor, MB`] = afterUpdates - beforeUpdates;
figures['RSS before the reset, MB'] = afterUpdates;

const resetStarted = performance.now();
await call('POST', '/__mock/reset', {});
figures['reset round trip, ms'] = performance.now() - resetStarted;
await new Promise((resolve) => setTimeout(resolve, 5000));
figures['RSS 5 s after a reset, MB'] = rssMb();
figures['requests in all'] = requests;
agent.destroy();
child.kill('SIGTERM');
process.stdout.write(`${JSON.stringify(figures)}\n`);
