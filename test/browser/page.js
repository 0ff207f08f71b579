// The frontend quick start: the emulator's handlers under msw's service worker, no backend.
// Plain JavaScript so the type-check never depends on a built dist/ for the package's own name.

import { createMockService } from 'collab-service-mock';
import { createHandlers } from 'collab-service-mock/msw';
import { setupWorker } from 'msw/browser';

const service = createMockService();
const worker = setupWorker(...createHandlers(service));
await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });

const call = async (path, data) => {
  const response = await fetch(`https://collab-service.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: await response.json() };
};

const added = await call('/v2/users/add', { organizationId: 'org-1', users: [{ userId: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' }] });
const users = await call('/v2/users/get', { organizationId: 'org-1' });
const refused = await call('/v2/users/add', { organizationId: 'org-1', users: [{}] });
// What the page has fetched so far: the route table, not the areas it never called (agents, workflow, knowledge, ...).
const loadedByUsers = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
// Decision memory: Porter2 stemming and the synonym table (a lazily loaded chunk) in the browser.
service.memory.record(
  [1, 2].map((n) => ({ content: `Poster set in an off-brand typeface, draft ${n}`, decision: 'rejected', actionUser: { userId: `u${n}` } })),
);
service.memory.record({ content: 'Quarterly tax filing reminder', decision: 'approved', actionUser: { userId: 'u3' } });
const suggested = await call('/v2/memory/suggest', { query: 'poster font' }); // found only through font → typeface

const results = { added, users, refused, suggested, loadedByUsers };
document.querySelector('#out').textContent = JSON.stringify(results, null, 2);
window.results = results;
