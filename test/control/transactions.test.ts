import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServiceError } from '../../src/errors.js';
import type { DomainEventType } from '../../src/model/state/events.js';
import { addUsers } from '../../src/model/users/users.js';
import { dispatch } from '../../src/protocol/dispatch.js';
import { defineOperation, namespaceOf } from '../../src/protocol/operation.js';
import { createMockService, type MockService } from '../../src/service.js';
import { control } from '../support/control.js';
import { oneRoute } from '../support/dispatch.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

/** Makes the `nth` event of a type throw, as an emulator bug halfway through a write would. */
function failOnEvent(service: MockService, type: DomainEventType, nth: number): void {
  let seen = 0;
  service.model.events.on(type, () => {
    seen += 1;
    if (seen === nth) throw new TypeError('emulator bug');
  });
}

const judgment = { content: 'Ad copy: "cures acne"', decision: 'rejected', actionUser: { userId: 'u1' } };

forEachTransport('control-plane writes are all-or-nothing', (fresh) => {
  it('a fixture load that fails halfway leaves the state byte-identical, ids drawn included', async () => {
    const c = fresh({ seed: 3, onInternalError: () => undefined });
    const before = fingerprint(c.service);
    failOnEvent(c.service, 'comment_annotation.add', 2);
    const annotations = {
      organizationId: 'org',
      comments: [
        { documentId: 'doc', from: { userId: 'u1' }, comments: [{ commentText: 'first' }] },
        { documentId: 'doc', from: { userId: 'u1' }, comments: [{ commentText: 'second' }] },
      ],
    };
    expectError(await control(c, 'POST', '/__mock/annotations', annotations), 500, 'INTERNAL', 'INTERNAL');
    expect(fingerprint(c.service)).toBe(before);

    failOnEvent(c.service, 'activity.add', 2);
    const activities = { organizationId: 'org', activities: [{ actionType: 'comment.add' }, { actionType: 'comment.add' }] };
    expectError(await control(c, 'POST', '/__mock/activities', activities), 500, 'INTERNAL', 'INTERNAL');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('a migration advance refused after the clock settled the migration leaves the state byte-identical', async () => {
    const c = fresh({ seed: 3, migrations: 'clock', migrationStepMs: 1000 });
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc-a', users: [{ userId: 'u1' }] }));
    const started = expectSuccess(await c.post('/v2/organizations/documents/migrate', { organizationId: 'org', documentId: 'doc-a', newDocumentId: 'doc-b' }));
    const migrationId = started.data.migrationId as string;
    c.service.clock.advance(5000);
    const before = fingerprint(c.service);
    expectError(
      await control(c, 'POST', '/__mock/migrations/advance', { migrationId, to: 'failed' }),
      400,
      'FAILED_PRECONDITION',
      `Migration ${migrationId} is already completed; it cannot move any more.`,
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});

describe('control-plane writes and API calls in flight', () => {
  it('a judgment import waits for the API call in flight, so that call failing does not take the judgments with it', async () => {
    const service = createMockService({ seed: 3 });
    let started!: () => void;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = defineOperation({
      auth: 'apiKey',
      summary: 'Write, wait, then fail',
      message: 'Never.',
      schema: z.object({}),
      async run({ caller, model }) {
        addUsers(model, namespaceOf(caller), { organizationId: 'org', users: [{ userId: 'u9' }], keepAccessRole: true });
        started();
        await gate;
        throw new ServiceError('FAILED_PRECONDITION', 'No.');
      },
    });
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    const failing = dispatch(oneRoute(service, '/slow', slow), { method: 'POST', path: '/slow', headers, body: '{"data":{}}' });
    await running;
    const recorded = service.dispatch({ method: 'POST', path: '/__mock/memory/judgments', headers, body: JSON.stringify({ judgments: [judgment] }) });
    release();
    expect((await failing).status).toBe(400);
    expect((await recorded).status).toBe(200);
    expect(service.memory.list()).toEqual([expect.objectContaining({ content: judgment.content })]);
  });
});
