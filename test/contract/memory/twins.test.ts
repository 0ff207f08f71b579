import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { createMockService } from '../../../src/service.js';
import { fingerprint } from '../../support/expect.js';
import { POLICY } from './helpers.js';

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

const post = async (service: ReturnType<typeof createMockService>, path: string, data: unknown, headers = service.credentials.headers) =>
  JSON.parse(
    (await service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data }) })).body,
  );

describe('in-process twins of the memory and rewriter control routes', () => {
  it('configure knowledge per key and answer the settings in force', () => {
    const service = createMockService();
    expect(service.memory.knowledge.config({ progression: 'clock', rateLimits: { search: 0 } })).toEqual({
      progression: 'clock',
      ingestMs: 1000,
      failNext: null,
      rateLimits: { ingest: 30, ingestStatus: 600, uploadUrl: 100, search: 0, delete: 30 },
    });
    const bad = thrown(() => service.memory.knowledge.config({ progression: 'hourly' } as never));
    expect([bad.status, bad.message]).toEqual(['INVALID_ARGUMENT', 'progression must be one of poll, immediate, clock, manual.']);
    expect(thrown(() => service.memory.knowledge.config({}, { apiKey: 'nope' })).message).toBe(
      'Unknown API key nope; GET /__mock/credentials shows the default key.',
    );
  });

  it('register conversions, complete manual ingestions, seed patterns, alerts, profiles and answers, and script the rewriter', async () => {
    const service = createMockService();
    service.memory.knowledge.config({ progression: 'manual' });
    expect(
      service.memory.knowledge.conversions([
        { fileName: 'a.pdf', markdown: '# A\n' },
        { sha256: 'a'.repeat(64), markdown: '# B\n' },
      ]),
    ).toEqual({ registered: 2 });
    const { result } = await post(service, '/v2/memory/knowledge/ingest', {
      source: 'inline',
      file: { base64: Buffer.from(POLICY).toString('base64'), mimeType: 'text/plain', fileName: 'p.md', fileSize: 10 },
    });
    expect(service.memory.knowledge.complete({ sourceId: result.sourceId })).toEqual({ sourceId: result.sourceId, status: 'completed' });
    expect(thrown(() => service.memory.knowledge.complete({ sourceId: result.sourceId })).message).toBe(
      `Knowledge source ${result.sourceId} is not processing (its status is completed).`,
    );
    expect(
      service.memory.patterns({ scope: 'apiKey', description: 'd', confidence: 1, sourceCount: 5, contentType: 't', category: 'c', discoveredAt: 5 }),
    ).toEqual({ patterns: 1 });
    expect(service.memory.alerts([{ alertType: 'emerging_standard', severity: 'low', title: 't', description: 'd', status: 'dismissed' }])[0]).toMatchObject({
      status: 'dismissed',
      dismissedBy: '',
    });
    service.memory.derivedAlerts(false);
    expect(service.memory.profiles({ userId: 'u', twinAccuracy: null })).toEqual({ profiles: 1 });
    expect(service.memory.answers({ question: 'q?', answer: 'a.' })).toEqual({ answers: 1 });
    expect((await post(service, '/v2/memory/ask', { question: 'q?' })).result).toEqual({ answer: 'a.', citations: [], confidence: 0.9, recordsSearched: 0 });
    expect(service.rewriter.responses({ responses: [{ text: 'T' }], builtInKeys: true })).toEqual({ responses: 1, builtInKeys: true });
    expect((await post(service, '/v2/rewriter/ask-ai', { model: 'gpt-5', prompt: 'p', text: 'x' })).result).toEqual({ success: true, text: 'T' });
  });

  it('refuse a bad item of a batch before storing any', () => {
    const service = createMockService();
    const before = fingerprint(service);
    expect(
      thrown(() =>
        service.memory.answers([
          { question: 'q', answer: 'a' },
          { question: '', answer: 'b' },
        ]),
      ).message,
    ).toBe('answers[1].question is required.');
    expect(thrown(() => service.memory.profiles([{ userId: 'u', twinAccuracy: 2 }])).message).toBe('profiles[0].twinAccuracy must be a number from 0 to 1.');
    expect(thrown(() => service.memory.knowledge.conversions({ markdown: 'x' })).message).toBe('A conversion needs sha256 or fileName.');
    expect(fingerprint(service)).toBe(before);
  });
});
