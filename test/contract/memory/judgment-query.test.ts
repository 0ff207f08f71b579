import { expect, it } from 'vitest';
import { internalId } from '../../../src/model/memory/filters.js';
import { forEachTransport } from '../../support/transports.js';
import { call, judge, refused } from './helpers.js';

const PATH = '/v2/memory/judgments/query';

const base = { content: 'Copy', reasoning: 'Approved after fixing the citation.', contentType: 'marketing-copy' };

forEachTransport('query judgments (beyond-spec-4 4.3.3)', (fresh) => {
  it('lists newest first with the documented fields and internal ten-digit ids; null where a judgment has none', async () => {
    const c = fresh();
    await judge(c, [
      {
        ...base,
        recordId: 'act_1',
        decision: 'approved',
        confidence: 0.81,
        actionUser: { userId: 'u_sarah', name: 'Sarah Lee', email: 'sarah@acme.com' },
        organizationId: 'acme',
        documentId: 'd1',
        createdAt: 1000,
      },
      { ...base, recordId: 'act_2', decision: 'rejected', actionUser: { userId: 'u2' }, createdAt: 3000 },
      { ...base, recordId: 'act_3', decision: 'approved', actionUser: { userId: 'u3' }, organizationId: 'acme', createdAt: 2000 },
    ]);
    const result = await call(c, PATH, {});
    expect(Object.keys(result)).toEqual(['results', 'total']);
    expect(result.results.map((r: { recordId: string }) => r.recordId)).toEqual(['act_2', 'act_3', 'act_1']);
    expect(result.total).toBe(3);
    const apiKey = c.service.credentials.apiKey;
    expect(result.results[2]).toEqual({
      recordId: 'act_1',
      reasoning: 'Approved after fixing the citation.',
      decision: 'approved',
      confidence: 0.81,
      judgeType: 'human',
      contentType: 'marketing-copy',
      actionUser: { userId: 'u_sarah', name: 'Sarah Lee', email: 'sarah@acme.com' },
      createdAt: 1000,
      organizationId: internalId(apiKey, 'organization', 'acme'),
      documentId: internalId(apiKey, 'document', 'd1'),
      agent: null,
    });
    expect(result.results[2].organizationId).toMatch(/^\d{10}$/);
    expect(result.results[0]).toMatchObject({ actionUser: { userId: 'u2', name: null, email: null }, organizationId: null, documentId: null });
  });

  it('filters by organization (a document only inside it), decision, judge type, content type and reviewer, and caps at limit', async () => {
    const c = fresh();
    await judge(c, [
      { ...base, recordId: 'act_1', decision: 'approved', actionUser: { userId: 'u1' }, organizationId: 'acme', documentId: 'd1', createdAt: 1 },
      {
        ...base,
        recordId: 'act_2',
        decision: 'rejected',
        judgeType: 'agent',
        actionUser: { userId: 'bot' },
        organizationId: 'acme',
        documentId: 'd2',
        createdAt: 2,
      },
      {
        ...base,
        recordId: 'act_3',
        decision: 'rejected',
        contentType: 'email',
        actionUser: { userId: 'u1' },
        organizationId: 'globex',
        documentId: 'd1',
        createdAt: 3,
      },
    ]);
    const ids = async (data: Record<string, unknown>) => (await call(c, PATH, data)).results.map((r: { recordId: string }) => r.recordId);
    expect(await ids({ organizationId: 'acme' })).toEqual(['act_2', 'act_1']);
    expect(await ids({ organizationId: 'acme', documentId: 'd1' })).toEqual(['act_1']);
    expect(await ids({ documentId: 'd1' })).toEqual(['act_3', 'act_2', 'act_1']);
    expect(await ids({ decision: 'rejected' })).toEqual(['act_3', 'act_2']);
    expect(await ids({ judgeType: 'agent' })).toEqual(['act_2']);
    expect(await ids({ contentType: 'email' })).toEqual(['act_3']);
    expect(await ids({ reviewerId: 'u1' })).toEqual(['act_3', 'act_1']);
    expect(await ids({ limit: 1 })).toEqual(['act_3']);
  });

  it('reads a thread with annotationId: its newest judgments, oldest first; no paging beyond limit', async () => {
    const c = fresh();
    await judge(
      c,
      [5, 1, 4, 2, 3].map((t) => ({
        ...base,
        recordId: `act_${t}`,
        decision: 'comment',
        actionUser: { userId: 'u' },
        organizationId: 'acme',
        annotationId: 'thr',
        createdAt: t,
      })),
    );
    const result = await call(c, PATH, { organizationId: 'acme', annotationId: 'thr', limit: 3 });
    expect(result.results.map((r: { recordId: string }) => r.recordId)).toEqual(['act_3', 'act_4', 'act_5']);
    expect(result.total).toBe(3);
  });

  it('refuses a bad enum, a limit outside 1 to 100 and annotationId without organizationId, with details.issues', async () => {
    const c = fresh();
    await refused(
      c,
      PATH,
      { decision: 'approve' },
      'decision must be one of comment, resolve, approved, rejected, in_progress, agree, disagree, endorse, document_approved, document_rejected.',
      { code: 'invalid_enum_value', path: ['decision'] },
    );
    await refused(c, PATH, { judgeType: 'bot' }, 'judgeType must be one of human, agent.', { code: 'invalid_enum_value', path: ['judgeType'] });
    await refused(c, PATH, { limit: 101 }, 'limit must be an integer from 1 to 100.', { code: 'too_big', path: ['limit'] });
    await refused(c, PATH, { limit: 1.5 }, 'limit must be an integer from 1 to 100.', { code: 'invalid_type', path: ['limit'] });
    await refused(c, PATH, { annotationId: 'thr' }, 'annotationId requires organizationId.', { code: 'custom', path: ['annotationId'] });
  });
});
