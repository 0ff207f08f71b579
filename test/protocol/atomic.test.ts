import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServiceError } from '../../src/errors.js';
import { addNotification } from '../../src/model/notifications/notifications.js';
import { addUsers } from '../../src/model/users/users.js';
import { dispatch } from '../../src/protocol/dispatch.js';
import { defineOperation, namespaceOf } from '../../src/protocol/operation.js';
import { createMockService, type MockService } from '../../src/service.js';
import { oneRoute } from '../support/dispatch.js';
import { fingerprint } from '../support/expect.js';

/** An operation that writes users, a notification (drawing an id) and then fails the given way. */
const halfway = (fail: () => never) =>
  defineOperation({
    auth: 'apiKey',
    summary: 'Write, then fail',
    message: 'Never.',
    schema: z.object({}),
    run({ caller, model }) {
      const ns = namespaceOf(caller);
      addUsers(model, ns, { organizationId: 'org', users: [{ userId: 'u9', name: 'Nine' }], keepAccessRole: true });
      addUsers(model, ns, { organizationId: 'org', folderId: 'f', users: [{ userId: 'u1' }], keepAccessRole: true });
      addNotification(model, ns, { organizationId: 'org', documentId: 'new-doc', actionUser: { userId: 'u9' }, notifyUsers: [{ userId: 'u1' }] } as never);
      return fail();
    },
  });

const depsOf = (service: MockService, fail: () => never) => oneRoute(service, '/half', halfway(fail));

describe('operations are all-or-nothing', () => {
  for (const [name, fail, status] of [
    [
      'a refusal',
      () => {
        throw new ServiceError('FAILED_PRECONDITION', 'No.');
      },
      400,
    ],
    [
      'an unexpected exception',
      () => {
        throw new TypeError('emulator bug');
      },
      500,
    ],
  ] as const) {
    it(`undoes every write and id draw of ${name} thrown halfway`, async () => {
      const service = createMockService({ seed: 3 });
      addUsers(service.model, service.model.store.namespace(service.credentials.apiKey), {
        organizationId: 'org',
        users: [{ userId: 'u1' }],
        keepAccessRole: true,
      });
      const before = fingerprint(service);
      const reply = await dispatch(depsOf(service, fail), {
        method: 'POST',
        path: '/half',
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: '{"data":{}}',
      });
      expect(reply.status).toBe(status);
      expect(fingerprint(service)).toBe(before);
    });
  }

  it('reset and restore cost what changed: a snapshot survives a reset and comes back', async () => {
    const service = createMockService({ seed: 3 });
    const start = service.exportState();
    const ns = service.model.store.namespace(service.credentials.apiKey);
    addUsers(service.model, ns, { organizationId: 'org', users: [{ userId: 'a' }], keepAccessRole: true });
    const one = service.snapshot();
    const afterOne = service.exportState();
    addUsers(service.model, ns, { organizationId: 'org', users: [{ userId: 'b' }], keepAccessRole: true });
    const two = service.snapshot();
    const afterTwo = service.exportState();
    service.reset();
    expect(service.exportState()).toBe(start);
    service.restore(two);
    expect(service.exportState()).toBe(afterTwo);
    service.restore(one);
    expect(service.exportState()).toBe(afterOne);
    service.restore(two);
    expect(service.exportState()).toBe(afterTwo);
    service.importState(start);
    service.restore(one);
    expect(service.exportState()).toBe(afterOne);
    service.reset();
    expect(service.exportState()).toBe(start);
  });
});
