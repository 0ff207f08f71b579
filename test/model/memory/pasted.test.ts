import { describe, expect, it } from 'vitest';
import {
  CAPITALISED,
  ENVELOPES,
  envelopeRobustness,
  paraphraseSet,
  readLabelledSet,
  rewriteRobustness,
  verdictAskRobustness,
} from '../../../scripts/memory-eval.js';

/** The labelled sets whose answered queries are asked again pasted inside a message. */
const SETS = () => [
  paraphraseSet(),
  ...['dev-set.json', 'capability-set.json', 'tuning-set-a.json', 'tuning-set-b.json', 'tuning-set-c.json', 'tuning-set-d.json'].map((file) =>
    readLabelledSet(new URL(`./${file}`, import.meta.url)),
  ),
];

describe('answers that survive being pasted inside a message', () => {
  it('wraps an item in a greeting, a ticket or release, a deadline, a request for a verdict and a sign-off', () => {
    expect(ENVELOPES.map((e) => e.split('{item}').length)).toEqual(ENVELOPES.map(() => 2));
  });

  it('keeps at least 88% of the labelled answers and 97% of the null ones when each query arrives inside a message', async () => {
    const { kept, asked, nullsKept, nulls } = await envelopeRobustness(SETS());
    expect(asked).toBeGreaterThan(1000);
    expect(kept / asked).toBeGreaterThanOrEqual(0.88);
    expect(nullsKept / nulls).toBeGreaterThanOrEqual(0.97);
  });
});

describe('answers that survive being written in capitals', () => {
  it('writes a query in capitals throughout, or as a title', () => {
    expect(CAPITALISED.map((rewrite) => rewrite("children's app with no ads"))).toEqual(["CHILDREN'S APP WITH NO ADS", "Children's App With No Ads"]);
  });

  it('keeps at least 98% of the labelled answers and of the null ones when each query is written in capitals or as a title', async () => {
    const { kept, asked, nullsKept, nulls } = await rewriteRobustness(SETS(), CAPITALISED);
    expect(asked).toBeGreaterThan(400);
    expect(kept / asked).toBeGreaterThanOrEqual(0.98);
    expect(nullsKept / nulls).toBeGreaterThanOrEqual(0.98);
  });
});

describe('answers that survive a question for the verdict after the item', () => {
  it('keeps at least 98% of the labelled answers and of the null ones when the item is followed by "is this acceptable?"', async () => {
    const { kept, asked, nullsKept, nulls } = await verdictAskRobustness(SETS());
    expect(asked).toBeGreaterThan(400);
    expect(kept / asked).toBeGreaterThanOrEqual(0.98);
    expect(nullsKept / nulls).toBeGreaterThanOrEqual(0.98);
  });
});
