import { describe, expect, it } from 'vitest';
import { explainDecision } from '../../../src/model/memory/explain.js';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import { MATCHING } from '../../../src/model/memory/matching.js';
import { reportOf } from '../../../src/model/memory/report.js';
import { suggestDecision } from '../../../src/model/memory/suggest.js';
import { loadSynonyms } from '../../../src/model/memory/synonyms.js';
import { type JudgmentRow, namespaceOfRows } from '../../support/judgments.js';

async function ask(rows: readonly JudgmentRow[], query: string) {
  const ns = namespaceOfRows(rows);
  const index = judgmentIndex(ns.judgments, await loadSynonyms());
  const why = () => explainDecision(ns, { query }, 2_000, index);
  return { report: reportOf(index, query), primary: suggestDecision(ns, { query }, 2_000, index).primary, why };
}

/** The query words `explain` says weigh nothing, with why. */
const weightlessWords = (why: { words: readonly { word: string; weightless?: string }[] }) =>
  Object.fromEntries(why.words.filter((w) => w.weightless).map((w) => [w.word, w.weightless]));

const CHECKOUT: JudgmentRow[] = [
  ['Checkout adds a mandatory service fee only on the final payment step', 'Drip pricing: the full price must show from the start', 'rejected'],
  ['New checkout adding a mandatory service fee only at the final payment step', 'Fee belongs in the first price shown', 'rejected'],
  ['Product page showing the all-in price including taxes and delivery', 'Total price is clear upfront', 'approved'],
  ['Onboarding tour with a new tooltip on the dashboard', 'Helpful and unobtrusive', 'approved'],
  ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
  ['Release notes for the mobile app', 'Clear', 'approved'],
];

describe('relevance that reads both ways', () => {
  it('finds the judgments about an item pasted whole with greetings, a release number and a deadline', async () => {
    const pasted =
      'Hi team, quick one before release 4.12 goes out on Monday 3 March: the new checkout adds a mandatory service fee only at the final payment step. ' +
      'Legal, finance and the support leads are copied. Can we get sign-off by Friday 5pm? Hope the offsite went well. Thanks, Priya';
    const { report, primary } = await ask(CHECKOUT, pasted);
    expect(report.hits.map((h) => h.index)).toEqual([0, 1]);
    // The sentences around the item still dilute its share of the query; the item's share of itself finds it.
    for (const hit of report.hits) {
      expect(hit.coverage).toBeLessThan(0.4);
      expect(hit.reverseCoverage).toBeGreaterThanOrEqual(0.6);
    }
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
  });

  it('lets the near copy of a pasted item vouch for a judgment whose reviewer gave the same reason', async () => {
    const rows: JudgmentRow[] = [
      ['Ticket page adds booking and handling fees at the last step', 'Hidden fees revealed late are deceptive', 'rejected'],
      [
        'Food delivery app adding a surprise packaging surcharge at checkout for orders placed after midnight on weekends',
        'Hidden fees mislead customers',
        'rejected',
      ],
      ['Product page showing the all-in price including taxes and delivery', 'Total price is clear upfront', 'approved'],
      ['Onboarding tour with a new tooltip on the dashboard', 'Helpful and unobtrusive', 'approved'],
    ];
    const pasted =
      'Hi all, hope the offsite went well. Release 2.3 ships on Monday after the freeze: the ticket page adds booking and handling fees at the last step. ' +
      'Sign-off from legal and finance by Friday please, thanks! Parking at the venue is sorted. Sam';
    const { report, primary } = await ask(rows, pasted);
    expect(report.hits.map((h) => [h.index, h.resembles])).toEqual([
      [0, undefined],
      [1, 0],
    ]);
    expect(report.hits[0]?.coverage).toBeLessThan(0.4);
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
  });

  it('weighs a number no judgment holds at nothing: a release number or a date says nothing about the subject', async () => {
    const item = 'the new checkout adds a mandatory service fee only at the final payment step';
    const plain = (await ask(CHECKOUT, item)).report.hits;
    const numbered = (await ask(CHECKOUT, `4.12.0 (20250303, #8812): ${item}`)).report.hits;
    expect(plain.map((h) => h.index)).toEqual([0, 1]);
    expect(numbered.map((h) => [h.index, h.coverage])).toEqual(plain.map((h) => [h.index, h.coverage]));
  });

  it('weighs nothing for the currency of an amount, whatever the judgments hold: a price says nothing about the subject', async () => {
    const rows: JudgmentRow[] = [
      ['Parcel of used clothing declared at 30 GBP, possibly for resale', 'Resale goods need a commercial declaration', 'rejected'],
      ['Junior developer posting listing 42,000 to 48,000 EUR per year', 'Salary range shown', 'approved'],
      ['Summer internship paid at 1,800 EUR per month', 'Pay shown', 'approved'],
      ['Smartphone parcel declared as a gift worth 5 USD', 'Undervalued declaration', 'rejected'],
    ];
    const asked = await ask(rows, 'watch declared at 15 EUR');
    expect(weightlessWords(asked.why())).toEqual({ '15': 'number', eur: 'number' });
    // Only the declarations are about the query; the salaries share nothing with it but the currency.
    expect(asked.report.hits.map((h) => h.index).sort()).toEqual([0, 3]);
    expect(asked.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(weightlessWords((await ask(rows, 'USD 890 camera lens declared')).why())).toEqual({ '890': 'number', usd: 'number' });
    // A currency that names no amount is a word of the subject.
    expect(weightlessWords((await ask(rows, 'salaries quoted in EUR')).why())).toEqual({});
  });

  it('weighs nothing for the words of the message around an item no judgment uses: greetings, days, names, asking for a decision', async () => {
    const item = 'the new checkout adds a mandatory service fee only at the final payment step';
    const plain = (await ask(CHECKOUT, item)).report.hits;
    const wrapped = (await ask(CHECKOUT, `Hi Dana, please review by Thursday morning: ${item}. Thanks, Priya`)).report.hits;
    expect(plain.map((h) => h.index)).toEqual([0, 1]);
    expect(wrapped.map((h) => [h.index, h.coverage])).toEqual(plain.map((h) => [h.index, h.coverage]));
    const why = (await ask(CHECKOUT, `Hi Dana, please review by 5pm Thursday: ${item}. Thanks, Priya`)).why();
    const weightless = weightlessWords(why);
    expect(weightless).toEqual({
      hi: 'message',
      dana: 'name',
      please: 'message',
      review: 'message',
      '5pm': 'number',
      thursday: 'message',
      thanks: 'message',
      priya: 'name',
    });
    // A word the query writes in lower case is no name, and an unknown word of the item still counts against it.
    const unknown = (await ask(CHECKOUT, `Hi dana: ${item}`)).report.hits;
    expect(unknown.every((h, i) => h.coverage < (plain[i]?.coverage ?? 0))).toBe(true);
  });

  it('weighs nothing for the ticket, batch or queue an item came in, a quick one, whether it is ready and the verdict asked for, when no judgment uses them', async () => {
    const item = 'the new checkout adds a mandatory service fee only at the final payment step';
    const plain = (await ask(CHECKOUT, item)).report.hits;
    const wrapped = await ask(CHECKOUT, `Quick FYI, forwarding ticket 4471 in the queue, batch 12, ready. Approve or reject: ${item}`);
    expect(wrapped.report.hits.map((h) => [h.index, h.coverage])).toEqual(plain.map((h) => [h.index, h.coverage]));
    const weightless = weightlessWords(wrapped.why());
    expect(weightless).toMatchObject({ fyi: 'message', quick: 'message', forwarding: 'message', ticket: 'message', queue: 'message', batch: 'message' });
    expect(weightless).toMatchObject({ ready: 'message', approve: 'message', reject: 'message' });
    // A judgment that uses the word makes it a word of the subject again.
    const rows: JudgmentRow[] = [
      ['Support ticket asking for a refund of a mandatory service fee', 'Fee was disclosed at checkout', 'approved'],
      ['Checkout adds a service fee at the final step', 'Drip pricing', 'rejected'],
    ];
    const why = (await ask(rows, 'ticket about a mandatory service fee')).why();
    expect(why.words.find((w) => w.word === 'ticket')?.weightless).toBeUndefined();
  });

  it('weighs nothing for an adverb of manner no judgment uses or reaches; an adjective made from a noun still counts', async () => {
    const item = 'the new checkout adds a mandatory service fee only at the final payment step';
    const plain = (await ask(CHECKOUT, item)).report.hits;
    const adverbs = await ask(CHECKOUT, `the new checkout repeatedly adds a mandatory service fee, supposedly only at the final payment step`);
    expect(adverbs.report.hits.map((h) => [h.index, h.coverage])).toEqual(plain.map((h) => [h.index, h.coverage]));
    const weightless = weightlessWords(adverbs.why());
    expect(weightless).toEqual({ repeatedly: 'manner', supposedly: 'manner' });
    // `quarterly` names when, like `weekly`: it is a word of the subject, and no judgment's.
    const quarterly = (await ask(CHECKOUT, `the quarterly checkout adds a mandatory service fee only at the final payment step`)).report.hits;
    expect(quarterly.every((h, i) => h.coverage < (plain[i]?.coverage ?? 0))).toBe(true);
    // An adverb the judgments use is a word of the subject again.
    const rows: JudgmentRow[] = [
      ['Checkout silently adds a service fee at the final step', 'Drip pricing', 'rejected'],
      ['Checkout shows the service fee on the first page', 'Fee disclosed upfront', 'approved'],
    ];
    const why = (await ask(rows, 'service fee added silently at checkout')).why();
    expect(why.words.find((w) => w.word === 'silently')?.weightless).toBeUndefined();
  });

  it('reads the first word of a quotation as the start of a sentence, not as a name', async () => {
    const rows: JudgmentRow[] = [
      ['Flood appeal with no charity registration number', 'Cannot verify the charity', 'rejected'],
      ['Appeal for flood relief lists its registered charity number', 'Verified charity', 'approved'],
    ];
    const why = (await ask(rows, "Campaign goes live Monday: 'Help flood victims now, says Hannah' - Hannah")).why();
    const weightless = weightlessWords(why);
    expect(weightless['help']).toBeUndefined();
    expect(weightless['hannah']).toBe('name');
  });

  it('weighs nothing for a short question asking for a verdict on the item, but keeps one asking about the item', async () => {
    const rows: JudgmentRow[] = [
      ['Incident postmortem published with root cause and timeline', 'Clear and blameless', 'approved'],
      ['Postmortem write-up shared with customers the next day', 'Transparent and accepted by support', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const plain = (await ask(rows, 'incident postmortem write-up')).report.hits;
    for (const query of ['incident postmortem write-up - is this acceptable?', 'incident postmortem write-up. Can we publish it?']) {
      const asked = await ask(rows, query);
      expect(
        asked.report.hits.map((h) => [h.index, h.coverage]),
        query,
      ).toEqual(plain.map((h) => [h.index, h.coverage]));
    }
    const about = (await ask(rows, 'incident postmortem write-up - is it published?')).why();
    expect(about.words.find((w) => w.word === 'published')?.weightless).toBeUndefined();
  });

  it('reads no names in a query written mostly in capitals: a title or a shout names nothing by its capitals', async () => {
    const rows: JudgmentRow[] = [
      ['Warehouse forklift video showing staff without helmets', 'Unsafe practice on camera', 'rejected'],
      ['Factory tour video with workers not wearing goggles', 'Missing protective equipment', 'rejected'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    for (const query of ['Warehouse Safety Training Slides', 'WAREHOUSE SAFETY TRAINING SLIDES']) {
      const why = (await ask(rows, query)).why();
      expect(
        why.words.filter((w) => w.weightless).map((w) => w.word),
        query,
      ).toEqual([]);
      expect(why.result.primary, query).toBeNull();
    }
    // Among words in lower case, a capitalised one is still a name.
    const named = (await ask(rows, 'training slides for the warehouse team in Oslo')).why();
    expect(named.words.find((w) => w.word === 'oslo')?.weightless).toBe('name');
  });

  it('weighs a number at nothing even when a judgment holds it: ages and prices that share a figure share no subject', async () => {
    const rows: JudgmentRow[] = [
      ['Nurse vacancy stating an hourly rate of 24 to 28 dollars', 'Pay rate clearly stated', 'approved'],
      ['Warehouse role paying 28 dollars an hour, stated in the ad', 'Pay is transparent', 'approved'],
      ['Job ad asking for applicants under 30 only', 'Age discrimination', 'rejected'],
      ['Vacancy limited to candidates aged under 35', 'Age limits are discriminatory', 'rejected'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const { report } = await ask(rows, 'job ad for applicants aged 20 to 28');
    expect(report.hits.map((h) => h.index).sort()).toEqual([2, 3]);
  });

  it('counts a judgment whose reasoning says absent what the query says absent, though its item states the word plainly', async () => {
    const rows: JudgmentRow[] = [
      ['Basic economy ticket, refund requested three weeks after booking', 'Non-refundable fare outside the 24-hour window', 'rejected'],
      ['Refund requested five days after purchase on a saver fare', 'Non-refundable fare, past the free cancellation window', 'rejected'],
      ['Refund for a flight the airline cancelled', 'Carrier cancellation entitles a refund', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const { report, primary } = await ask(rows, 'non-refundable ticket, refund asked for weeks after purchase');
    expect(report.hits.map((h) => h.index)).toEqual([0, 1]);
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
  });

  it('reads a slip in the word a negating prefix holds as that word, negated', async () => {
    const rows: JudgmentRow[] = [
      ["Supplier agreement that leaves the supplier's liability uncapped", 'Uncapped liability is unacceptable', 'rejected'],
      ['Master services agreement with no cap on damages', 'We do not sign without a liability cap', 'rejected'],
      ['Licence agreement limiting liability to the fees paid', 'Reasonable limitation', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const why = (await ask(rows, 'supplier agreement with unlimted liability')).why();
    const word = why.words.find((w) => w.word === 'unlimted');
    expect(word?.negated).toBe(true);
    expect(word?.matches[0]).toMatchObject({ term: 'limit', via: 'negated' });
    // "limiting liability" states the limit the query says is absent: the opposite case.
    expect(why.relevant.map((j) => j.recordId)).not.toContain('act_2');
    expect(why.near.find((j) => j.recordId === 'act_2')?.why).toMatch(/opposite/);
  });

  it('reads a slip in a negator as the negator, when neither the judgments nor the lexicon know the word', async () => {
    const rows: JudgmentRow[] = [
      ['Pasta dish published without nut allergen information', 'Missing allergen information is a safety risk', 'rejected'],
      ['Bakery listing omits gluten and dairy allergen details', 'No allergen details', 'rejected'],
      ['Pad thai listing shows peanut and egg allergen information', 'Allergens declared clearly', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    for (const query of ['allergen information omited on the tiramisu listing', 'tiramisu listing witout allergen information']) {
      const why = (await ask(rows, query)).why();
      expect(why.words.find((w) => w.word === 'allergen')?.negated, query).toBe(true);
      expect(
        why.relevant.map((j) => j.recordId),
        query,
      ).not.toContain('act_2');
    }
    // A word the lexicon knows is no slip of a negator: `nothing` is a negator, `noting` is not.
    const noting = (await ask(rows, 'noting allergen information on the listing')).why();
    expect(noting.words.find((w) => w.word === 'allergen')?.negated).toBe(false);
  });

  it('reads a slip in a short negator or in a word without a topic as that word: `ommits` negates, `wheer` says nothing', async () => {
    const rows: JudgmentRow[] = [
      ['Pasta dish published without nut allergen information', 'Missing allergen information is a safety risk', 'rejected'],
      ['Bakery listing omits gluten and dairy allergen details', 'No allergen details', 'rejected'],
      ['Pad thai listing shows peanut and egg allergen information', 'Allergens declared clearly', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const omits = (await ask(rows, 'tiramisu listing that ommits allergen information')).why();
    expect(omits.words.find((w) => w.word === 'allergen')?.negated).toBe(true);
    expect(omits.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    const plain = (await ask(rows, 'listing where allergen information is shown')).report.hits;
    const slipped = await ask(rows, 'listing wheer allergen information is shown');
    expect(slipped.why().words.map((w) => w.word)).not.toContain('wheer');
    expect(slipped.report.hits.map((h) => [h.index, h.coverage])).toEqual(plain.map((h) => [h.index, h.coverage]));
    // So does a slip in a word of the message around an item: `wnats` is the `wants` no judgment uses.
    const wants = await ask(rows, 'customer wnats a listing where allergen information is shown');
    expect(weightlessWords(wants.why())).toEqual({ wants: 'message' });
    expect(wants.report.hits.map((h) => [h.index, h.coverage])).toEqual(
      (await ask(rows, 'customer wants a listing where allergen information is shown')).report.hits.map((h) => [h.index, h.coverage]),
    );
  });

  it("reads a word no other reading reaches as the judgments' words of its family by their shared beginning", async () => {
    const rows: JudgmentRow[] = [
      ['Pad thai listing shows peanut and egg allergen icons', 'Allergens declared clearly', 'approved'],
      ['Falafel wrap with sesame allergen declared under the item name', 'Allergen labelling meets the standard', 'approved'],
      ['Pasta dish published without nut allergen information', 'Missing allergen information', 'rejected'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const why = (await ask(rows, 'menu item names every allergy clearly')).why();
    expect(why.words.find((w) => w.word === 'allergy')?.matches).toEqual([{ term: 'allergen', via: 'prefix', weight: 0.6 }]);
    expect(why.result.primary).toMatchObject({ recommendation: 'approve', basedOn: 2 });
    // Five shared letters are not a family: `publicity` is not `published`.
    const other = (await ask(rows, 'publicity for the allergen menu')).why();
    expect(other.words.find((w) => w.word === 'publicity')?.matches.some((m) => m.via === 'prefix')).toBe(false);
  });

  it('reads a pasted item worded unlike any judgment as its main clause, without the greeting and the deadline around it', async () => {
    const rows: JudgmentRow[] = [
      ['Policy saying staff need not answer emails after working hours', 'Right to disconnect respected', 'approved'],
      ['Handbook clause: no obligation to respond to messages outside working hours', 'Protects rest time', 'approved'],
      ['Contract clause expecting employees to reply to emails at weekends', 'Out-of-hours duty without pay', 'rejected'],
      ['Onboarding page listing the office opening hours', 'Fine', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Release notes for the mobile app', 'Clear', 'approved'],
    ];
    const item = 'the handbook states employees are not expected to reply outside working hours';
    const pasted = `Hi Jo, before the v3.2 handbook goes out on 1 June: ${item}. Can legal confirm by Friday? Thanks, Sam`;
    const { report, primary, why } = await ask(rows, pasted);
    expect(primary).toMatchObject({ recommendation: 'approve', basedOn: 2 });
    expect(report.hits.map((h) => [h.index, h.byClause])).toEqual([
      [0, true],
      [1, true],
    ]);
    const alone = (await ask(rows, item)).report.hits;
    expect(report.hits.map((h) => h.coverage)).toEqual(alone.map((h) => h.coverage));
    const explained = why();
    expect(explained.words.filter((w) => w.mainClause).map((w) => w.word)).toEqual([
      'handbook',
      'states',
      'employees',
      'not',
      'expected',
      'reply',
      'outside',
      'working',
      'hours',
    ]);
    expect(explained.relevant[0]?.why).toMatch(/^Relevant: it matches \d+% of the query's main clause/);
  });

  it('finds nothing when the pasted item is about something else, however much of its wording it shares', async () => {
    const other = 'Hi team, for release 4.12 the onboarding tour adds a new tooltip on the final step of the dashboard. Can we get sign-off by Friday? Thanks';
    expect((await ask(CHECKOUT, other)).primary).toBeNull();
  });
});

const LIABILITY: JudgmentRow[] = [
  ['Supplier contract with liability capped at twelve months of fees', 'Standard cap', 'approved'],
  ['Services agreement capping the supplier liability at fees paid', 'Market standard', 'approved'],
  ['Supplier contract with uncapped liability', 'Unlimited exposure', 'rejected'],
  ['Supplier agreement with no cap on liability', 'Unlimited exposure', 'rejected'],
];

describe('polarity', () => {
  it('keeps "a cap on liability" and "no cap on liability" apart: the opposite case is no support', async () => {
    const capped = await ask(LIABILITY, 'a cap on supplier liability');
    expect(capped.primary).toMatchObject({ recommendation: 'approve', basedOn: 2 });
    const uncapped = await ask(LIABILITY, 'supplier liability with no cap');
    expect(uncapped.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(uncapped.report.near.filter((h) => h.opposite).map((h) => h.index)).toEqual([0, 1]);
  });

  it('reads `uncapped` as no cap, and the judgments saying so in either way as the same case', async () => {
    const { report, primary } = await ask(LIABILITY, 'uncapped liability for the supplier');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(report.hits.map((h) => h.index)).toEqual([2, 3]);
  });

  it('reads a verb of undoing as no opposite: a "hold-to-unlock" gate is a lock', async () => {
    const rows: JudgmentRow[] = [
      ['External links and purchases protected by a hold-to-unlock parental gate', 'Gated properly for young users', 'approved'],
      ['In-app purchases locked behind a parental gate', 'Parents must approve every purchase', 'approved'],
      ['Kids game lets children buy gems with no parental gate', 'Anyone can spend money', 'rejected'],
    ];
    const { report, primary } = await ask(rows, 'purchases locked behind a parent gate');
    expect(primary).toMatchObject({ recommendation: 'approve', basedOn: 2 });
    expect(report.hits.map((h) => h.index).sort()).toEqual([0, 1]);
  });

  it('reads a word that takes something away as stated: "hidden fees" are not the "no hidden fees" case', async () => {
    const rows: JudgmentRow[] = [
      ['Checkout page with no hidden fees at the final step', 'Price is transparent', 'approved'],
      ['Booking flow with no hidden fees added at checkout', 'All-in price', 'approved'],
      ['Subscription checkout with no hidden fees', 'Clear renewal price', 'approved'],
      ['Ticket site adding a handling fee on the last checkout step', 'Drip pricing', 'rejected'],
      ['Hotel booking that adds a resort fee at checkout', 'Fee must be in the first price', 'rejected'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Release notes for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary } = await ask(rows, 'hidden fees added at checkout');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2, caveats: [] });
    expect(
      report.near
        .filter((h) => h.opposite)
        .map((h) => h.index)
        .sort(),
    ).toEqual([0, 1, 2]);
  });

  it('reads a judgment stating a word both through the word and through its opposite as unclear on it, not as the opposite case', async () => {
    const rows: JudgmentRow[] = [
      ['Older board revisions never tested before the release', 'Old hardware left untested', 'rejected'],
      ['Tested only on rev C boards; rev A and B untested', 'Older revisions must be covered', 'rejected'],
      ['Regression suite run on every supported board revision', 'Full hardware coverage', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Release notes for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary, why } = await ask(rows, 'older board revisions were never tested');
    expect(report.hits.map((h) => h.index)).toEqual([0, 1, 2]);
    expect(report.hits[1]?.matched.find((m) => m.word === 'tested')?.polarity).toBe('same');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(why().relevant[1]?.why).not.toMatch(/opposite/);
  });

  it('reads a file "dropped" or headers "stripped out" as unclear, not as the opposite case of one nobody added', async () => {
    const rows: JudgmentRow[] = [
      ['Android build bundles Apache-2.0 libraries but the NOTICE file was dropped', 'Apache licence requires the NOTICE', 'rejected'],
      ['Desktop installer ships Apache libraries without their NOTICE file', 'Attribution missing', 'rejected'],
      ['Distribution tarball carries upstream LICENSE and NOTICE files unchanged', 'Attribution kept', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Onboarding tour for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary } = await ask(rows, 'iOS build ships Apache libraries but nobody added the NOTICE file');
    expect(report.hits.map((h) => h.index)).toContain(0);
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
  });

  it('lets a judgment found without being found clearly vouch only for one whose reviewer gave the same reason', async () => {
    const rows: JudgmentRow[] = [
      ["Strike-through 'was 199' price that was never actually charged", 'Reference price never used, the discount is misleading', 'rejected'],
      ["Permanent '50% off' banner, full price has never applied", 'Reference price never used; a misleading discount claim', 'rejected'],
      ['Sale price shown against the price charged for the previous 30 days', 'Reference price is genuine', 'approved'],
      ['Seasonal banner with a discount code for returning customers', 'Discount is real and the terms are shown', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Onboarding tour for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary, why } = await ask(rows, "crossed-out 'original' price the item never actually sold at");
    const seed = report.hits.find((h) => h.index === 0);
    expect(seed?.coverage).toBeLessThan(MATCHING.hopSeed);
    expect(report.hits.find((h) => h.index === 1)).toMatchObject({ sameReason: true });
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(why().relevant.find((j) => j.content.startsWith('Permanent'))?.why).toMatch(
      /^Relevant: its reviewer gave the same reason as \S+, which the query found;/,
    );
    // A reason sharing one word of it is not the same reason.
    expect(report.hits.some((h) => h.index === 3)).toBe(false);
  });

  it('never reads an amount, weighing nothing, as stated the opposite way', async () => {
    const rows: JudgmentRow[] = [
      ['Rental listing leaves out the mandatory 300 EUR admin fee, only revealed at signing', 'Fees must be shown upfront', 'rejected'],
      ['Flat advert hides a 250 EUR admin fee until the contract is signed', 'Hidden fee', 'rejected'],
      ['All tenant fees, deposit and service charge listed in the ad', 'Transparent', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Onboarding tour for the mobile app', 'Clear', 'approved'],
    ];
    const { report, why } = await ask(rows, 'two-bed rental ad, the 300 EUR admin fee only comes up at signing');
    const listing = [...report.hits, ...report.near].find((h) => h.index === 0);
    expect(listing?.opposite).toBe(false);
    expect(listing?.matched.filter((m) => m.polarity === 'opposite')).toEqual([]);
    expect(
      why()
        .words.filter((w) => w.weightless === 'number')
        .map((w) => w.word),
    ).toEqual(['300', 'eur']);
  });

  it('reads "no mention it is sponsored" as the opposite case of notes saying the code is sponsored', async () => {
    const rows: JudgmentRow[] = [
      ['Episode notes promote a VPN discount code with no mention it is sponsored', 'Undisclosed ad', 'rejected'],
      ['Podcast notes plug a meal kit discount code with no indication that it is sponsored', 'Listeners cannot tell it is an ad', 'rejected'],
      ['Notes mark the meal kit discount code as sponsored content', 'Clearly disclosed', 'approved'],
      ['Show notes label the coffee discount code as sponsored by the roaster', 'Disclosure present', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Onboarding tour for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary } = await ask(rows, 'episode notes say the discount code is sponsored');
    expect(primary).toMatchObject({ recommendation: 'approve', basedOn: 2, caveats: [] });
    expect(report.near.filter((h) => h.opposite).map((h) => h.index)).toEqual([0, 1]);
  });

  it("finds a judgment saying the query's absent word is absent too from a lower share of the query", async () => {
    const rows: JudgmentRow[] = [
      ['Release 3.1.4 image is not signed with the production key', 'Devices will refuse an unverified image', 'rejected'],
      ['Build uploaded with the signature step skipped in CI', 'Unsigned firmware cannot go to the fleet', 'rejected'],
      ['OTA package 3.2.0 signed with the production key, hash verified', 'Signature and integrity checks pass', 'approved'],
      ['Bootloader update signed and the signature checked on the device', 'Secure boot chain intact', 'approved'],
      ['Release candidate notes sent to beta testers', 'Testers opted in', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Release notes for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary, why } = await ask(rows, 'release candidate image for the gateway is missing the production signature');
    const skipped = report.hits.find((h) => h.index === 1);
    expect(skipped?.coverage).toBeGreaterThanOrEqual(MATCHING.absenceCutoff);
    expect(skipped?.coverage).toBeLessThan(MATCHING.cutoff);
    expect(skipped?.matched.find((m) => m.word === 'signature')?.polarity).toBe('negated');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(why().relevant.find((j) => j.content.startsWith('Build'))?.why).toMatch(
      /^Relevant: it matches \d+% of the query and says "signature" is absent, as the query does/,
    );
    // A larger share of the query that says nothing absent stays under the cut-off.
    const plain = report.near.find((h) => h.index === 4);
    expect(plain?.coverage).toBeGreaterThan(skipped?.coverage ?? 1);
    expect(plain?.coverage).toBeLessThan(MATCHING.cutoff);
    expect(why().near.find((j) => j.content.startsWith('Release candidate'))?.why).toMatch(/\(needs 30%\)/);
  });

  it("counts a judgment that says the query's missing word is missing too, however far behind the near copy it is", async () => {
    const rows: JudgmentRow[] = [
      ['Mobile game shop selling mystery chests without publishing the drop rates', 'Loot box odds must be disclosed', 'rejected'],
      ['Store page for randomized card packs bought with real money and no odds listed', 'Paid random items need published probabilities', 'rejected'],
      ['Card game publishing the odds for each pack rarity on the store page', 'Probabilities published', 'approved'],
      ['Greeting card pack with a mystery design in each box', 'Harmless surprise', 'approved'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Release notes for the mobile app', 'Clear', 'approved'],
    ];
    const { report, primary, why } = await ask(rows, 'loot boxes in a mobile game shop without odds');
    const [nearCopy, sameCase] = report.hits;
    // The greeting card pack shares "mystery" and "box" with the near copy: the same kind of item, of the other side.
    expect(report.hits.map((h) => h.index)).toEqual([0, 1, 3]);
    expect(report.hits[2]?.sameKind).toMatchObject({ words: ['mysteri'] });
    expect(sameCase?.coverage).toBeLessThan(0.4 * (nearCopy?.coverage ?? 0));
    expect(sameCase?.matched.find((m) => m.word === 'odds')?.polarity).toBe('negated');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(why().relevant[1]?.why).toMatch(
      /^Relevant: it matches \d+% of the query and says "odds" is absent, as the query does; counted toward reject in scope apiKey \(All content\)\.$/,
    );
  });
});

describe('choosing between the sides', () => {
  const RENTALS: JudgmentRow[] = [
    ['Apartment listing that says no children allowed', 'Familial status discrimination', 'rejected'],
    ['Rental listing that says the unit is not suitable for children', 'Excluding families with children is unlawful', 'rejected'],
    ['Apartment listing that says no pets allowed', 'Pet restrictions are lawful', 'approved'],
    ['House rental listing stating pets are not permitted', 'Allowed, pets are not a protected class', 'approved'],
    ['Condo rental listing with photos of the nearby schools', 'Factual', 'approved'],
    ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
  ];

  it('counts toward neither side a judgment that matches only what the other side matches, when that side matches the point too', async () => {
    const children = await ask(RENTALS, 'listing with a no children rule');
    expect(children.primary).toMatchObject({ recommendation: 'reject', basedOn: 2, caveats: [] });
    const why = children.why();
    const pets = why.relevant.find((j) => j.recordId === 'act_2');
    expect(pets?.counted).toBe(false);
    expect(pets?.why).toMatch(/not counted: act_0, of the other side, matches every query word it matches and "children" besides/);
    const other = await ask(RENTALS, 'listing with a no pets rule');
    // The two pets judgments, and the condo listing as another rental listing of their side; the children ones count for neither.
    expect(other.primary).toMatchObject({ recommendation: 'approve', basedOn: 3, caveats: [] });
    expect(
      other
        .why()
        .relevant.filter((j) => j.counted)
        .map((j) => j.recordId),
    ).toEqual(['act_2', 'act_3', 'act_4']);
  });

  it('outmatches nothing when the best of each side matches a different part of the query as much', async () => {
    const rows: JudgmentRow[] = [
      ['Homepage hero picture from our paid stock subscription', 'Licensed', 'approved'],
      ['Website banner picture with a watermark', 'Never purchased', 'rejected'],
      ['Social post using a picture without credit', 'Copyright risk', 'rejected'],
      ['Blog post with a picture copied from another site', 'Rights not cleared', 'rejected'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
      ['Release notes for the mobile app', 'Clear', 'approved'],
    ];
    const { primary, why } = await ask(rows, 'picture with a watermark on the homepage');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 3 });
    expect(why().relevant.filter((j) => j.why.includes('of the other side, matches every query word'))).toEqual([]);
  });

  it('keeps both sides when each has a judgment matching the whole point: reviewers split over the same case', async () => {
    const rows: JudgmentRow[] = [
      ['Tutorial video with auto-generated captions that were reviewed and corrected', 'Captions checked', 'approved'],
      ['Customer story video with unedited auto captions full of errors', 'Inaccurate captions', 'rejected'],
      ['Product demo video with accurate closed captions', 'Accessible', 'approved'],
      ['Video ad with captions and a transcript', 'Meets guidelines', 'approved'],
      ['Webinar video published with captions missing', 'Must be captioned', 'rejected'],
      ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
    ];
    const { primary, why } = await ask(rows, 'auto captions on our videos');
    expect(primary).toMatchObject({ recommendation: 'approve', basedOn: 3 });
    expect(why().relevant.every((j) => j.counted)).toBe(true);
  });
});

describe('related words', () => {
  const rows: JudgmentRow[] = [
    ['Indemnity clause making the reseller liable for every claim', 'One-sided', 'rejected'],
    ['Reseller agreement with liability for every third-party claim', 'One-sided', 'rejected'],
    ['Reseller newsletter about the spring catalogue', 'Fine', 'approved'],
  ];

  it('match a derivation (`liable`/`liability`), weighed below the word itself', async () => {
    const { report, primary } = await ask(rows, 'reseller liable for third-party claims');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    const reading = report.words.find((w) => w.word === 'liable');
    expect(reading?.forms.map((f) => [f.term, f.via, f.weight])).toEqual([
      ['liabl', 'exact', 1],
      ['liabil', 'derivation', 0.48],
    ]);
  });

  it('never let a look-alike that shares the words but not the point win', async () => {
    const lookAlike: JudgmentRow[] = [
      ['Shipping weight and dimensions on the product page', 'Accurate', 'approved'],
      ['Instagram ad showing weight loss results in two weeks', 'Unrealistic promise', 'rejected'],
      ['Diet shake ad promising weight loss', 'Misleading', 'rejected'],
    ];
    expect((await ask(lookAlike, 'shipping weight shown on the product page')).primary).toBeNull();
  });
});

describe('small histories', () => {
  it('still find a subject when every judgment of a three-judgment key shares its words', async () => {
    const three: JudgmentRow[] = [
      ['Conference talk abstract that is a sales pitch for the speaker product', 'Talks must be vendor neutral', 'rejected'],
      ['Conference talk proposal that pitches the sponsor product', 'Promotional talk', 'rejected'],
      ['Conference talk abstract presenting a vendor-neutral case study', 'Educational', 'approved'],
    ];
    const { primary } = await ask(three, 'conference talk that is really a product pitch');
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
  });
});
