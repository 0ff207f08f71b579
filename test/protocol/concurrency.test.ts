import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/adapters/node-server.js';
import { createMockService, type MockService } from '../../src/service.js';

const CLIENTS = 64;
const WRITES_PER_CLIENT = 32;
const DOCUMENTS = 4;

let service: MockService;
let running: RunningServer;
let connections = 0;

beforeAll(async () => {
  service = createMockService();
  running = await listen(service, { port: 0 });
  running.server.on('connection', () => connections++);
});

afterAll(() => running.close());

/** What these calls answer: per-user results of users/add, a user list of users/get. */
interface Answer {
  result?: { data?: unknown };
}

/** One POST over a client's own keep-alive connection; resolves with status and parsed body. */
function post(agent: Agent, path: string, data: unknown): Promise<{ status: number; body: Answer }> {
  const body = JSON.stringify({ data });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: running.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...service.credentials.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe(`${CLIENTS} clients writing at once on the standalone server`, () => {
  it('loses, duplicates and fails no write: every reply, every event and every stored record is counted', async () => {
    const events: string[] = [];
    const off = service.model.events.on('user.add', (event) => events.push(`${event.organizationId}/${event.documentId ?? ''}/${event.userId}`));
    const replies = { ok: 0, failed: [] as string[], reads: 0 };
    const client = async (c: number): Promise<void> => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let w = 0; w < WRITES_PER_CLIENT; w++) {
          const userId = `c${c}-u${w}`;
          // Half the writes go to the organization, half to one of a few documents that every client races to create.
          const where = w % 2 === 0 ? { organizationId: 'shared' } : { organizationId: 'shared', documentId: `doc-${(c + w) % DOCUMENTS}` };
          const reply = await post(agent, '/v2/users/add', { ...where, users: [{ userId, name: `User ${userId}` }] });
          if (reply.status === 200 && (reply.body.result?.data as Record<string, { success?: boolean }> | undefined)?.[userId]?.success === true) replies.ok++;
          else replies.failed.push(`${userId}: ${reply.status} ${JSON.stringify(reply.body)}`);
          if (w % 8 === 4) {
            const read = await post(agent, '/v2/users/get', { organizationId: 'shared', pageSize: 10 });
            if (read.status === 200) replies.reads++;
          }
        }
      } finally {
        agent.destroy();
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    off();

    const total = CLIENTS * WRITES_PER_CLIENT;
    expect(replies.failed).toEqual([]);
    expect(replies.ok).toBe(total);
    expect(replies.reads).toBe(CLIENTS * (WRITES_PER_CLIENT / 8));
    expect(connections).toBeGreaterThanOrEqual(CLIENTS);
    expect(events).toHaveLength(total);
    expect(new Set(events).size).toBe(total);

    const org = service.model.store.namespace(service.credentials.apiKey).organizations.get('shared');
    expect(org?.users.size).toBe(total / 2);
    expect(org?.documents.size).toBe(DOCUMENTS);
    let documentUsers = 0;
    for (const doc of org?.documents.values() ?? []) documentUsers += doc.users.size;
    expect(documentUsers).toBe(total / 2);

    // Through the wire too: every organization-level user, exactly once, in one page.
    const agent = new Agent({ keepAlive: false });
    const listed = await post(agent, '/v2/users/get', { organizationId: 'shared', pageSize: total });
    const ids = ((listed.body.result?.data ?? []) as { userId: string }[]).map((u) => u.userId);
    expect(ids).toHaveLength(total / 2);
    expect(new Set(ids).size).toBe(total / 2);
  }, 60_000);
});
