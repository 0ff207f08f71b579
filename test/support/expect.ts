import { expect } from 'vitest';
import type { MockService } from '../../src/service.js';
import type { Reply } from './transports.js';

/** Asserts an error reply: HTTP status, error status and the exact message. */
export function expectError(reply: Reply, httpStatus: number, status: string, message: string | RegExp): void {
  expect({ http: reply.status, status: reply.body?.error?.status }).toEqual({ http: httpStatus, status });
  if (typeof message === 'string') expect(reply.body.error.message).toBe(message);
  else expect(reply.body.error.message).toMatch(message);
  expect(reply.body.result).toBeUndefined();
}

/** Asserts a success envelope and returns its `result`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectSuccess(reply: Reply, message?: string): any {
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.error, reply.text).toBeUndefined();
  if (message !== undefined) expect(reply.body.result.message).toBe(message);
  return reply.body.result;
}

/** A canonical text of a service's whole state (the exported state), to prove a request changed nothing. */
export function fingerprint(service: MockService): string {
  return service.exportState();
}
