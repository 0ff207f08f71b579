import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';

const judgment = {
  recordId: 'act_thread1',
  content: 'Ad copy: "clinically proven"',
  reasoning: 'Missing citation',
  decision: 'rejected',
  actionUser: { userId: 'u1', name: 'Sarah Lee', email: 'sarah@acme.test' },
  organizationId: 'acme',
  annotationId: 'ann-1',
  flags: ['missing-citation'],
  agent: { agentId: 'spell-check', agentType: 'system', executionId: 'exec_1', agentFields: {} },
};

forEachTransport('the judgments control route keeps the optional fields of beyond-spec-4 4.3.0 A', (fresh) => {
  it('stores annotationId, flags and agent as given', async () => {
    const c = fresh();
    const reply = await control(c, 'POST', '/__mock/memory/judgments', { judgments: [judgment] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.judgments[0]).toMatchObject({ annotationId: 'ann-1', flags: ['missing-citation'], agent: judgment.agent });
    expect(c.service.memory.list()[0]).toMatchObject({ annotationId: 'ann-1', flags: ['missing-citation'] });
  });

  it('refuses an unknown key (top level or in actionUser) instead of dropping it, and stores nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const top = await control(c, 'POST', '/__mock/memory/judgments', { judgments: [{ ...judgment, topic: 'claims' }] });
    expect({ status: top.status, error: top.body.error }).toEqual({
      status: 400,
      error: { status: 'INVALID_ARGUMENT', message: "judgments[0]: Unrecognized key(s) in object: 'topic'" },
    });
    const nested = await control(c, 'POST', '/__mock/memory/judgments', { judgments: [{ ...judgment, actionUser: { userId: 'u1', role: 'x' } }] });
    expect(nested.body.error.message).toBe("judgments[0].actionUser: Unrecognized key(s) in object: 'role'");
    expect(fingerprint(c.service)).toBe(before);
    expect(() => c.service.memory.record({ ...judgment, extra: 1 } as never)).toThrow("judgments[0]: Unrecognized key(s) in object: 'extra'");
  });
});
