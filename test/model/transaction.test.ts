import { describe, expect, it } from 'vitest';
import { PartialFailure, ServiceError } from '../../src/errors.js';
import { allOrNothing } from '../../src/model/state/transaction.js';
import { addUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';
import { fingerprint } from '../support/expect.js';

describe('allOrNothing', () => {
  it('undoes every write and id draw of a synchronous call that throws, and keeps what a partial failure wrote', () => {
    const service = createMockService({ seed: 3 });
    const ns = service.model.store.namespace(service.credentials.apiKey);
    const before = fingerprint(service);
    const write = (fail: Error) => () => {
      addUsers(service.model, ns, { organizationId: 'org', users: [{ userId: 'u1' }], keepAccessRole: true });
      service.model.ids.alnum(20);
      throw fail;
    };
    expect(() => allOrNothing(service.model, write(new ServiceError('FAILED_PRECONDITION', 'No.')))).toThrow('No.');
    expect(fingerprint(service)).toBe(before);
    expect(() => allOrNothing(service.model, write(new TypeError('emulator bug')))).toThrow('emulator bug');
    expect(fingerprint(service)).toBe(before);
    expect(() => allOrNothing(service.model, write(new PartialFailure('INVALID_ARGUMENT', 'Some.')))).toThrow('Some.');
    expect(fingerprint(service)).not.toBe(before);
  });
});
