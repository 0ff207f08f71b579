import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { type JudgmentInit, recordJudgments } from '../../../src/harness/memory.js';
import { createMockService } from '../../../src/service.js';
import { expectError, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { forEachTransport } from '../../support/transports.js';

const good: JudgmentInit = { content: 'Ad copy: "clinically proven"', decision: 'rejected', actionUser: { userId: 'u1' } };

/** The error `fn` throws, for asserting its status and message. */
function thrown(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('service.memory', () => {
  it('records a judgment with the defaults of an emulator-form record', () => {
    const service = createMockService();
    const [record] = service.memory.record(good);
    expect(record).toEqual({
      recordId: expect.stringMatching(/^act_[0-9a-f]{20}$/),
      reasoning: '',
      decision: 'rejected',
      confidence: 1,
      judgeType: 'human',
      contentType: '',
      actionUser: { userId: 'u1' },
      createdAt: service.clock.now(),
      agent: null,
      content: 'Ad copy: "clinically proven"',
    });
    expect(service.memory.list()).toEqual([record]);
  });

  it('keeps given ids, times and scopes, and lists newest first with filters', () => {
    const service = createMockService();
    service.memory.record([
      { ...good, recordId: 'act_old', createdAt: 1000, organizationId: 'acme' },
      { ...good, recordId: 'act_new', createdAt: 2000, organizationId: 'acme', documentId: 'd1' },
      { ...good, recordId: 'act_other', createdAt: 3000, organizationId: 'globex' },
    ]);
    expect(service.memory.list().map((j) => j.recordId)).toEqual(['act_other', 'act_new', 'act_old']);
    expect(service.memory.list({ organizationId: 'acme' }).map((j) => j.recordId)).toEqual(['act_new', 'act_old']);
    expect(service.memory.list({ organizationId: 'acme', documentId: 'd1' }).map((j) => j.recordId)).toEqual(['act_new']);
  });

  const bad: [string, unknown, string | RegExp][] = [
    [
      'a decision outside 3.42',
      { ...good, decision: 'approve' },
      'judgments[1].decision must be one of comment, resolve, approved, rejected, in_progress, agree, disagree, endorse, document_approved, document_rejected.',
    ],
    ['no content', { ...good, content: ' ' }, 'judgments[1].content is required.'],
    ['no reviewer', { ...good, actionUser: {} }, 'judgments[1].actionUser.userId is required.'],
    ['a confidence above 1', { ...good, confidence: 2 }, /^judgments\[1\]\.confidence: /],
    ['a documentId without organizationId', { ...good, documentId: 'd1' }, 'judgments[1].documentId requires organizationId.'],
    ['a malformed recordId', { ...good, recordId: 'x' }, /^judgments\[1\]\.recordId must look like act_/],
  ];
  for (const [name, record, message] of bad) {
    it(`refuses a batch holding ${name}, storing nothing`, () => {
      const service = createMockService();
      const before = fingerprint(service);
      const error = thrown(() => service.memory.record([good, record as JudgmentInit]));
      expect(error.status).toBe('INVALID_ARGUMENT');
      if (typeof message === 'string') expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
      expect(fingerprint(service)).toBe(before);
    });
  }

  it('refuses a recordId already recorded, or repeated in the batch, storing nothing', () => {
    const service = createMockService();
    service.memory.record({ ...good, recordId: 'act_1' });
    const before = fingerprint(service);
    const error = thrown(() =>
      service.memory.record([
        { ...good, recordId: 'act_2' },
        { ...good, recordId: 'act_1' },
      ]),
    );
    expect([error.status, error.message]).toEqual([
      'ALREADY_EXISTS',
      'judgments[1].recordId act_1 is already recorded under this API key; omit recordId to have one generated.',
    ]);
    expect(
      thrown(() =>
        service.memory.record([
          { ...good, recordId: 'act_3' },
          { ...good, recordId: 'act_3' },
        ]),
      ).status,
    ).toBe('ALREADY_EXISTS');
    expect(fingerprint(service)).toBe(before);
  });

  it('refuses an API key the service does not know', () => {
    const service = createMockService();
    const error = thrown(() => service.memory.record(good, { apiKey: 'nope' }));
    expect([error.status, error.message]).toEqual(['NOT_FOUND', 'Unknown API key nope; GET /__mock/credentials shows the default key.']);
    expect(thrown(() => service.memory.list({ apiKey: 'nope' })).status).toBe('NOT_FOUND');
  });

  it('is what scenarios call: recordJudgments validates and stores into a namespace', () => {
    const service = createMockService();
    const ns = namespaceOf(service);
    expect(recordJudgments(service.model, ns, [good, good])).toHaveLength(2);
    expect(() => recordJudgments(service.model, ns, [good, { decision: 'approved' }])).toThrow('judgments[1].content is required.');
    expect(ns.judgments).toHaveLength(2);
  });

  it('keeps suggest in step with appends, reset and restore (the index follows the judgments)', async () => {
    const service = createMockService();
    const ask = async () => {
      const reply = await service.dispatch({
        method: 'POST',
        path: '/v2/memory/suggest',
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: JSON.stringify({ data: { query: 'clinically proven' } }),
      });
      return (JSON.parse(reply.body) as { result: { primary: { recommendation: string } | null } }).result.primary?.recommendation ?? null;
    };
    service.memory.record([good, good]);
    expect(await ask()).toBe('reject');
    const saved = service.snapshot();
    service.memory.record([0, 1, 2].map(() => ({ ...good, decision: 'approved' })));
    expect(await ask()).toBe('approve');
    service.restore(saved);
    expect(await ask()).toBe('reject');
    service.reset();
    expect(await ask()).toBeNull();
  });
});

forEachTransport('memory control plane', (fresh) => {
  const send = (c: ReturnType<typeof fresh>, method: string, path: string, body?: unknown) =>
    c.raw({ method, path, headers: { 'content-type': 'application/json' }, body: body === undefined ? '' : JSON.stringify(body) });

  it('records judgments through POST /__mock/memory/judgments and lists them through GET', async () => {
    const c = fresh();
    const posted = await send(c, 'POST', '/__mock/memory/judgments', { judgments: [good, { ...good, organizationId: 'acme', createdAt: 5 }] });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body.recorded).toBe(2);
    expect(posted.body.judgments[0].recordId).toMatch(/^act_[0-9a-f]{20}$/);
    const listed = await send(c, 'GET', '/__mock/memory/judgments');
    expect(listed.body.judgments).toEqual(posted.body.judgments);
    const acme = await send(c, 'GET', `/__mock/memory/judgments?apiKey=${c.service.credentials.apiKey}&organizationId=acme`);
    expect(acme.body.judgments.map((j: { createdAt: number }) => j.createdAt)).toEqual([5]);
  });

  it('refuses bad bodies and unknown keys without storing anything', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    expectError(
      await send(c, 'POST', '/__mock/memory/judgments', { judgments: [good, { ...good, decision: 'maybe' }] }),
      400,
      'INVALID_ARGUMENT',
      /^judgments\[1\]\.decision must be one of comment/,
    );
    expectError(
      await send(c, 'POST', '/__mock/memory/judgments', [good]),
      400,
      'INVALID_ARGUMENT',
      'The body must be {"judgments": [...]}, optionally with "apiKey" (default: the seeded key).',
    );
    expectError(
      await send(c, 'POST', '/__mock/memory/judgments', { apiKey: 'nope', judgments: [good] }),
      404,
      'NOT_FOUND',
      /^Unknown API key nope; GET \/__mock\/credentials shows the default key\.$/,
    );
    expectError(
      await send(c, 'GET', '/__mock/memory/judgments?apiKey=nope'),
      404,
      'NOT_FOUND',
      /^Unknown API key nope; GET \/__mock\/credentials shows the default key\.$/,
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});
