import { expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';

it('records 200,000 judgments in one call, and a reset takes them all back', () => {
  const service = createMockService({ seed: 5 });
  const before = service.exportState();
  const drafts = Array.from({ length: 200_000 }, (_, i) => ({
    content: `Draft ${i} of the spring campaign`,
    decision: 'approved' as const,
    actionUser: { userId: 'u1' },
  }));
  expect(service.memory.record(drafts)).toHaveLength(200_000);
  service.reset();
  expect(service.exportState()).toBe(before);
}, 60_000);
