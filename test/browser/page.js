// The frontend quick start: the emulator's handlers under msw's service worker, no backend.
// Plain JavaScript so the type-check never depends on a built dist/ for the package's own name.
import { setupWorker } from 'msw/browser';
import { createMockService } from 'collab-service-mock';
import { createHandlers } from 'collab-service-mock/msw';

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

const results = { added, users, refused };
document.querySelector('#out').textContent = JSON.stringify(results, null, 2);
window.results = results;
