import { describe, expect, it } from 'vitest';
import { readText } from '../../../src/model/memory/polarity.js';

/** A text's topic terms, `¬` before a negated one and `?` before one a negation leaves unclear. */
const read = (text: string) =>
  readText(text)
    .filter((t) => !t.negator)
    .map((t) => `${t.negated ? '¬' : t.clouded ? '?' : ''}${t.term}`)
    .join(' ');

describe('which words a negator governs', () => {
  it('binds a negator to the run of topic words after it, skipping the words between', () => {
    expect(read('no cap on liability')).toBe('¬cap ?liabil');
    expect(read('Marketing email without an unsubscribe link')).toBe('?market ?email ¬unsubscrib ¬link');
    expect(read('never verifies age')).toBe('¬verifi ¬age');
    expect(read("doesn't disclose the sponsorship")).toBe('¬disclos ¬sponsorship');
    expect(read("can't cancel online")).toBe('¬cancel ¬onlin');
  });

  it('carries a negation over hyphens and `or`, stops at other words and at punctuation, and reaches three words at most', () => {
    expect(read('newsletter with no opt-out link')).toBe('?newslett ¬opt ¬link');
    expect(read('without odds or a closing date')).toBe('¬odd ¬close ¬date');
    expect(read('no age verification gate page')).toBe('¬age ¬verif ¬gate ?page');
    expect(read('no cap, capped fees')).toBe('¬cap cap fee');
  });

  it('carries a negation over the commas of a list ending in `or` or `nor`', () => {
    expect(read("Rider says the driving 'felt unsafe', no details, footage or trip data")).toBe('rider drive felt unsaf ¬detail ¬footag ¬trip ¬data');
    expect(read('without receipts, invoices or card slips')).toBe('¬receipt ¬invoic ¬card ¬slip');
    expect(read('no receipt, refund issued anyway')).toBe('¬receipt refund issu anyway');
  });

  it('carries a negation from the one word it took over a determiner to the object of that word, and no further', () => {
    expect(read('random rewards sold without disclosing the probabilities')).toBe('?random ?reward ?sold ¬disclos ¬probabl');
    expect(read('fees not shown until the final step')).toBe('?fee ¬shown ¬until ?final ?step');
    expect(read('no cap on the liability')).toBe('¬cap ?liabil');
  });

  it('carries the absence of a noun `no` or `without` took on to what it is of, for or about; `not` does not carry', () => {
    expect(read('Consent form has no section for allergies or medication')).toBe('?consent ?form ¬section ¬allergi ¬medic');
    expect(read('episode notes without any mention of the sponsor')).toBe('?episod ?note ¬mention ¬sponsor');
    expect(read('zero examples for ambiguous messages')).toBe('¬exampl ¬ambigu ¬messag');
    expect(read('Rental listing that says the unit is not suitable for kids')).toBe('?rental ?list ?unit ¬suitabl ?kid');
    expect(read('no cap on liability')).toBe('¬cap ?liabil');
    expect(read('no rules for refunds')).toBe('¬rule ?refund');
  });

  it('carries the absence of a way, an option, a plan or a right over `to` to what it would do, and of no other noun', () => {
    expect(read('Update writes over the only boot partition, no way to roll back')).toBe('updat write boot partit ¬way ¬roll ¬back');
    expect(read('signup form with no option to opt out of emails')).toBe('?signup ?form ¬option ¬opt ?email');
    expect(read('no reply to the complaint')).toBe('¬repli ?complaint');
    expect(read('statically links a GPL library; no plan to publish source')).toBe('static link gpl librari ¬plan ¬publish ¬sourc');
    expect(read('supplier has no right to terminate early')).toBe('?supplier ¬right ¬termin ¬earli');
    expect(read('not able to roll back')).toBe('¬abl ?roll ?back');
  });

  it('carries the absence of a mention or a disclosure on to what it would have said', () => {
    expect(read('Brand ambassador tweet about our app with no mention that it was paid')).toBe('?brand ?ambassador ?tweet ?app ¬mention ¬paid');
    expect(read('notes promote a discount code with no mention it is sponsored')).toBe('?note ?promot ?discount ?code ¬mention ¬sponsor');
    expect(read('no disclosure that they were gifted')).toBe('¬disclosur ¬gift');
    expect(read('no problem that it was late')).toBe('¬problem ?late');
    expect(read('description promotes unlimited access without saying it is a paid monthly subscription')).toBe(
      '?descript ?promot ?unlimit ?access ¬say ¬paid ¬month ?subscript',
    );
  });

  it('reads a verb negated before a place as the thing not being there, not the place being absent', () => {
    expect(read("supplier added a surcharge that isn't on the signed rate card")).toBe('?supplier ?add ?surcharg ?sign ?rate ?card');
    expect(read('the surcharge is not in the contract')).toBe('?surcharg ?contract');
    expect(read('without an unsubscribe link')).toBe('¬unsubscrib ¬link');
  });

  it('lets a negator inside a hyphenated word negate only the word it is joined to, leaving its clause stated', () => {
    expect(read('Zero-day exploit code shared publicly')).toBe('¬day exploit code share public');
    expect(read('Label includes the do-not-reuse symbol')).toBe('label includ ¬reus symbol');
    expect(read('tagging guide for harness vs no-harness images')).toBe('tag guid har ¬har imag');
    expect(read('no reuse symbol on the label')).toBe('¬reus ¬symbol ?label');
  });

  it('stops a negation at a noun naming a norm after the word it took: the rule exists, about something absent', () => {
    expect(read('listing with a no pets rule')).toBe('?list ¬pet ?rule');
    expect(read('a no-refund policy')).toBe('¬refund polici');
    expect(read('no rules for refunds')).toBe('¬rule ?refund');
  });

  it('lets `non-` negate the one word it is joined to, and a postposed negator the run before it', () => {
    expect(read('non-binding letter')).toBe('¬bind letter');
    expect(read('Brand font missing; embed the web font')).toBe('¬brand ¬font emb web font');
    expect(read('citation missing from the page')).toBe('¬citat ?page');
    expect(read('the age check is missing')).toBe('¬age ¬check');
  });

  it('reads the verbs of leaving something out as negators of their object, before or after it', () => {
    expect(read('a rate that excludes the resort fee')).toBe('?rate ¬resort ¬fee');
    expect(read('headline price leaves out the mandatory fee')).toBe('?headlin ?price ¬mandatori ¬fee');
    expect(read('the fee was left out of the total')).toBe('¬fee ?total');
    expect(read('odometer reading left off the listing')).toBe('¬odomet ¬read ?list');
    expect(read('the listing leaves off the mileage')).toBe('?list ¬mileag');
    expect(read('support ignored a deletion request')).toBe('?support ¬delet ¬request');
    expect(read('deletion request ignored for weeks')).toBe('¬delet ¬request ?week');
    expect(read('checkout skips the consent step')).toBe('?checkout ¬consent ¬step');
    expect(read('standing charge column removed from the comparison table')).toBe('¬stand ¬charg ¬column ?comparison ?tabl');
    expect(read('update removed the tracking pixel')).toBe('?updat ¬track ¬pixel');
    expect(read('only 2 left in stock')).toBe('left stock');
  });

  it('leaves every plain word of a clause that takes something away unclear rather than stated', () => {
    expect(read('pets are not permitted')).toBe('?pet ¬permit');
    expect(read('reject all is hidden')).toBe('?reject hidden');
    expect(read('hidden fees added at checkout')).toBe('hidden ?fee ?add ?checkout');
    expect(read('clinically proven to reduce wrinkles')).toBe('clinic proven reduc wrinkl');
    expect(read('build bundles Apache libraries but the NOTICE file was dropped')).toBe('?build ?bundl ?apach ?librari ?notic ?file drop');
    expect(read('installer ships components with the copyright headers stripped out')).toBe('?instal ?ship ?compon ?copyright ?header strip');
    expect(read('Canon camera photos with the serial number sticker scratched off')).toBe('?canon ?camera ?photo ?serial ?number ?sticker scratch');
    expect(read('the seller blurred the serial in every photo')).toBe('?seller blur ?serial ?photo');
  });

  it('reads `nothing`, `nobody`, `zero` and `pending` as negators, and `blank` or `empty` after a run as its absence', () => {
    expect(read('signed by the pupil, nothing from his parents')).toBe('sign pupil ¬parent');
    expect(read('the spec has zero examples')).toBe('?spec ¬exampl');
    expect(read('ethics approval pending')).toBe('¬ethic ¬approv');
    expect(read('study with board approval pending')).toBe('?studi ¬board ¬approv');
    expect(read('guardian field blank')).toBe('¬guardian ¬field');
  });

  it('reads the phrases of absence as one negator: `nowhere to be found`, `left blank`, `instead of`, `rather than`', () => {
    expect(read('the APR is nowhere to be found')).toBe('¬apr');
    expect(read('emergency number left blank')).toBe('¬emerg ¬number');
    expect(read('form signed by the child instead of a parent')).toBe('?form ?sign ?child ¬parent');
    expect(read('a chatbot rather than a person')).toBe('?chatbot ¬person');
  });

  it('reads the `no` of `yes or no` as no negation: a request for a decision negates nothing', () => {
    expect(read('needs a yes or no today: poster says borrow now')).toBe('need yes today poster borrow');
    expect(readText('yes or no').some((t) => t.negator)).toBe(false);
    expect(read('need a yes/no by Friday on the token')).toBe('need yes friday token');
  });

  it('reads the `zero` of `net zero` as no negation: a net zero claim is a claim', () => {
    expect(read('net zero claim based only on offset credits')).toBe('net claim base offset credit');
    expect(read('zero examples for ambiguous messages')).toBe('¬exampl ¬ambigu ¬messag');
  });
});
