import { describe, expect, it } from 'vitest';
import { askLabelled, paraphraseSet } from '../../../scripts/memory-eval.js';
import { createMockService } from '../../../src/service.js';

describe('decision memory on the paraphrase set', () => {
  it('answers at least 96 of its 136 queries as labelled, and keeps at least 21 of its 24 null queries null', async () => {
    const set = paraphraseSet();
    const service = createMockService();
    service.clock.set(set.referenceTime);
    service.memory.record(set.judgments as never);
    const { right, total, nullsRight, nulls, misses } = await askLabelled(service, set.queries);
    console.info(`decision memory: paraphrase set ${right}/${total}, nulls ${nullsRight}/${nulls}`);
    expect(total).toBe(136);
    expect(nulls).toBe(24);
    expect(right, misses.join('\n')).toBeGreaterThanOrEqual(96);
    expect(nullsRight, misses.join('\n')).toBeGreaterThanOrEqual(21);
  });
});
