/**
 * The topics of the decision-memory fixtures: what reviewers judged, why, and how many times per organization
 * and document. Texts share generic words (ad copy, banner, email, guaranteed) across topics on purpose, so
 * retrieval has to weigh informative terms rather than match any shared word.
 */

/** A run of judgments on one topic: `[organizationId, documentId, approve, reject, neither]`. */
export type Block = readonly [org: string | null, doc: string | null, approve: number, reject: number, neither: number];

/** One topic of the fixtures. */
export interface Topic {
  key: string;
  contentType: string;
  /** Judged texts; `{P}` becomes a product name. */
  contents: readonly string[];
  approveReasons: readonly string[];
  rejectReasons: readonly string[];
  neitherReasons: readonly string[];
  /** Labelled query texts: the first is asked without scope, the others with the scopes in `asked`. */
  queries: readonly string[];
  /** Scopes the other queries are asked in: `[organizationId, documentId?]`. */
  asked: readonly (readonly [string, string?])[];
  blocks: readonly Block[];
  /** Age range in days before the reference time. */
  ageDays: readonly [number, number];
}

const RECENT = [2, 150] as const;

/** Sixteen topics, one of them too thin to suggest anything and one entirely older than six months. */
export const TOPICS: readonly Topic[] = [
  {
    key: 'medical-claim',
    contentType: 'marketing-copy',
    ageDays: RECENT,
    contents: [
      'Ad copy: "{P} is clinically proven to reduce wrinkles in 7 days"',
      'Landing page headline: "{P}, clinically proven to erase fine lines and wrinkles"',
      'Banner: "dermatologist tested, clinically proven wrinkle reduction with {P}"',
    ],
    approveReasons: ['Claim backed by the attached clinical study', 'Citation present and verified'],
    rejectReasons: ['Unsupported medical claim', 'Missing citation', 'Needs a clinical study reference'],
    neitherReasons: ['Asked legal to check the wrinkle claim', ''],
    queries: [
      'Ad copy: "clinically proven to reduce wrinkles"',
      'Banner says our serum is clinically proven against wrinkles',
      'clinically proven wrinkle reduction headline',
      'clinically proven to erase fine lines',
    ],
    asked: [['acme'], ['acme', 'acme-derm-study'], ['acme', 'acme-spring-launch']],
    blocks: [
      ['globex', null, 1, 6, 2],
      ['initech', null, 1, 5, 1],
      ['acme', 'acme-derm-study', 3, 0, 1],
      ['acme', 'acme-spring-launch', 0, 4, 1],
      ['acme', null, 0, 2, 0],
      ['umbrella', null, 0, 3, 1],
    ],
  },
  {
    key: 'price-guarantee',
    contentType: 'marketing-copy',
    ageDays: RECENT,
    contents: [
      'Ad copy: "Lowest price guaranteed on {P} or we refund the difference"',
      'Email subject: "{P}: guaranteed lowest price anywhere"',
      'Checkout banner promising the lowest price on {P}, guaranteed',
    ],
    approveReasons: ['Price match policy is published and linked'],
    rejectReasons: ['Price guarantee needs legal terms', 'Unverifiable superlative'],
    neitherReasons: ['Checking the price match policy'],
    queries: ['lowest price guaranteed claim in the ad', 'guaranteed lowest price email subject line', 'lowest price guarantee on the checkout banner'],
    asked: [['globex'], ['globex', 'globex-q3-newsletter']],
    blocks: [
      ['globex', null, 1, 5, 1],
      ['globex', 'globex-q3-newsletter', 0, 1, 0],
      ['initech', null, 2, 4, 0],
      [null, null, 1, 4, 2],
    ],
  },
  {
    key: 'alt-text',
    contentType: 'product-image',
    ageDays: RECENT,
    contents: [
      'Product gallery image of {P} with alt text "{P} on a kitchen table, in use"',
      'Hero image with descriptive alt text for screen readers',
      'Image alt text describing {P} for screen readers',
    ],
    approveReasons: ['Alt text is descriptive', 'Meets accessibility guidelines'],
    rejectReasons: ['Alt text just repeats the file name', 'Alt text missing on one image'],
    neitherReasons: ['Resolved after the alt text update'],
    queries: ['product image alt text for screen readers', 'descriptive alt text on gallery images', 'alt text on the hero image'],
    asked: [['initech'], ['umbrella']],
    blocks: [
      ['acme', null, 5, 1, 1],
      ['initech', null, 4, 1, 1],
      ['umbrella', null, 1, 0, 0],
      [null, null, 6, 1, 1],
    ],
  },
  {
    key: 'trademark',
    contentType: 'social-post',
    ageDays: RECENT,
    contents: [
      'Social post showing a competitor trademark logo next to {P}',
      'Banner with a registered trademark logo and no ® symbol',
      'Social post reusing another brand trademark logo',
    ],
    approveReasons: ['Trademark used with written permission'],
    rejectReasons: ['Trademark misuse', 'Needs permission from the trademark owner'],
    neitherReasons: ['Forwarded to brand team'],
    queries: ['competitor trademark logo in a social post', 'registered trademark shown without the ® symbol', 'another brand trademark logo reused'],
    asked: [['acme'], ['globex']],
    blocks: [
      ['acme', null, 0, 5, 1],
      ['globex', null, 1, 4, 0],
      ['initech', null, 0, 3, 1],
      [null, null, 1, 3, 0],
      ['umbrella', null, 1, 2, 0],
    ],
  },
  {
    key: 'newsletter-consent',
    contentType: 'signup-form',
    ageDays: RECENT,
    contents: [
      'Signup form with an unchecked opt-in box for the {P} newsletter',
      'Newsletter signup with an explicit consent checkbox and privacy policy link',
      'Opt-in consent checkbox on the {P} newsletter signup form',
    ],
    approveReasons: ['Consent is explicit', 'Privacy policy linked'],
    rejectReasons: ['Pre-checked consent box'],
    neitherReasons: ['Need the privacy policy URL'],
    queries: ['newsletter signup consent checkbox', 'opt-in box on the newsletter signup form', 'explicit consent checkbox with privacy policy link'],
    asked: [['umbrella'], ['initech']],
    blocks: [
      ['umbrella', null, 5, 1, 1],
      ['initech', null, 0, 3, 0],
      ['acme', null, 4, 0, 1],
      [null, null, 3, 1, 0],
    ],
  },
  {
    key: 'eco-claim',
    contentType: 'packaging',
    ageDays: RECENT,
    contents: [
      'Packaging copy: "{P} is 100% carbon neutral and eco-friendly"',
      'Ad copy: "the greenest, eco-friendly {P} on the planet, fully sustainable"',
      'Label claims {P} packaging is eco-friendly and carbon neutral',
    ],
    approveReasons: ['Carbon neutral certificate attached'],
    rejectReasons: ['Greenwashing: no certification', 'Carbon neutral claim needs offset evidence'],
    neitherReasons: ['Waiting for sustainability team'],
    queries: ['carbon neutral eco-friendly packaging claim', 'greenest most sustainable product on the planet', 'eco-friendly label on packaging'],
    asked: [['umbrella'], ['acme']],
    blocks: [
      ['umbrella', null, 2, 6, 1],
      ['acme', null, 0, 4, 0],
      ['globex', null, 1, 3, 1],
      [null, null, 0, 2, 0],
    ],
  },
  {
    key: 'testimonial',
    contentType: 'website',
    ageDays: RECENT,
    contents: [
      'Customer testimonial quote from Jane D. praising {P}, signed release on file',
      'Customer testimonial quote in the hero section, with written permission',
      'Testimonial quote from a customer about {P}',
    ],
    approveReasons: ['Testimonial release on file', 'Quote is accurate'],
    rejectReasons: ['No release for the testimonial'],
    neitherReasons: ['Asked for the signed release'],
    queries: ['customer testimonial quote with permission', 'review quote in the hero section', 'testimonial from a customer praising the product'],
    asked: [['globex'], ['initech']],
    blocks: [
      ['globex', null, 5, 1, 1],
      ['initech', null, 1, 0, 1],
      ['acme', null, 3, 1, 0],
      [null, null, 4, 0, 0],
      ['umbrella', null, 2, 1, 0],
    ],
  },
  {
    key: 'promo-code',
    contentType: 'marketing-copy',
    ageDays: RECENT,
    contents: [
      'Promo code SPRING20 gives 20% off {P} until the expiry date shown',
      'Promo discount code banner with a clear expiry date and terms',
      'Email with promo code for {P}, expiry date in the footer',
    ],
    approveReasons: ['Expiry date stated', 'Discount terms are clear'],
    rejectReasons: ['Discount code has no expiry'],
    neitherReasons: ['Confirm the promo code works'],
    queries: ['discount promo code with expiry date', '20% off promo code banner', 'promo code expiry in the email footer'],
    asked: [['acme'], ['acme', 'acme-spring-launch']],
    blocks: [
      ['acme', null, 4, 1, 1],
      ['acme', 'acme-spring-launch', 2, 0, 0],
      ['globex', null, 3, 2, 0],
      [null, null, 3, 0, 1],
      ['umbrella', null, 2, 0, 1],
    ],
  },
  {
    key: 'casual-tone',
    contentType: 'support-macro',
    ageDays: RECENT,
    contents: [
      'Support macro reply in a casual tone with slang: "no worries, we got you"',
      'Chatbot greeting using emoji and casual slang',
      'Casual slang and emoji in the {P} support reply',
    ],
    approveReasons: ['Matches our friendly brand voice'],
    rejectReasons: ['Too informal for our brand voice', 'Slang is off-brand'],
    neitherReasons: ['Tone guide under review'],
    queries: ['casual slang tone in a support reply', 'emoji and slang in the chatbot greeting', 'casual tone support macro'],
    asked: [['acme'], ['globex']],
    blocks: [
      ['acme', null, 7, 1, 1],
      ['globex', null, 1, 7, 0],
      ['initech', null, 1, 4, 1],
      [null, null, 0, 2, 0],
    ],
  },
  {
    key: 'competitor-comparison',
    contentType: 'marketing-copy',
    ageDays: RECENT,
    contents: [
      'Comparison table claiming {P} is twice as fast as BrandX',
      'Ad copy: "better than BrandX in every benchmark"',
      'Benchmark chart comparing {P} with BrandX',
    ],
    approveReasons: ['Benchmark data attached and reproducible'],
    rejectReasons: ['Comparative claim needs benchmark data', 'Names a competitor without substantiation'],
    neitherReasons: ['Requested the benchmark methodology'],
    queries: ['comparison claim twice as fast as competitor BrandX', 'better than BrandX benchmark ad', 'benchmark chart against BrandX'],
    asked: [['initech'], ['initech', 'initech-homepage']],
    blocks: [
      ['initech', null, 1, 5, 1],
      ['initech', 'initech-homepage', 3, 0, 0],
      ['acme', null, 0, 3, 0],
      [null, null, 1, 3, 1],
    ],
  },
  {
    key: 'investment-returns',
    contentType: 'financial-page',
    ageDays: [200, 420],
    contents: [
      'Investment page: "guaranteed 12% annual returns with {P}"',
      'Email promising guaranteed risk-free investment returns on savings',
      'Savings account ad with guaranteed annual returns',
    ],
    approveReasons: ['Risk disclosure present'],
    rejectReasons: ['Guaranteed returns are prohibited', 'Missing risk disclosure'],
    neitherReasons: ['Compliance to review'],
    queries: ['guaranteed annual investment returns', 'risk-free returns on savings email', 'savings ad promising annual returns'],
    asked: [['globex'], ['umbrella']],
    blocks: [
      ['globex', null, 0, 6, 1],
      ['umbrella', null, 1, 1, 0],
      ['acme', null, 0, 3, 0],
      [null, null, 1, 4, 1],
    ],
  },
  {
    key: 'localisation',
    contentType: 'app-screen',
    ageDays: RECENT,
    contents: [
      'German translation of the {P} onboarding screens, reviewed by a native speaker',
      'Localized checkout page in German with a translated legal footer',
      'German localization of the {P} settings screen',
    ],
    approveReasons: ['Translation reviewed by a native speaker', 'Localization complete'],
    rejectReasons: ['Machine translation errors'],
    neitherReasons: ['Waiting for the glossary'],
    queries: ['German translation of the onboarding screens', 'localized German checkout page', 'German localization review'],
    asked: [['umbrella'], ['globex']],
    blocks: [
      ['umbrella', null, 5, 0, 1],
      ['globex', null, 1, 3, 0],
      ['initech', null, 3, 1, 0],
      [null, null, 2, 0, 1],
    ],
  },
  {
    key: 'cookie-banner',
    contentType: 'website',
    ageDays: RECENT,
    contents: [
      'Cookie banner with a "reject all" button as prominent as "accept all"',
      'Cookie consent banner without a reject all option',
      'Cookie banner where accept all is bright and reject all is hidden',
    ],
    approveReasons: ['Reject all is equally prominent'],
    rejectReasons: ['Dark pattern: no reject option', 'Accept button visually dominant'],
    neitherReasons: ['Legal to confirm cookie wording'],
    queries: ['cookie consent banner reject all button', 'accept all cookie banner without a reject option'],
    asked: [['umbrella']],
    blocks: [
      ['acme', null, 1, 5, 1],
      ['umbrella', null, 1, 4, 0],
      [null, null, 2, 4, 1],
    ],
  },
  {
    key: 'job-posting',
    contentType: 'job-ad',
    ageDays: RECENT,
    contents: [
      'Job posting asking for "young and energetic" candidates',
      'Job ad requiring candidates under 30 for the {P} team',
      'Job posting looking for young digital natives',
    ],
    approveReasons: ['Inclusive wording'],
    rejectReasons: ['Age discrimination', 'Biased wording'],
    neitherReasons: ['HR to rewrite'],
    queries: ['job posting wording young energetic candidates', 'job ad with an age requirement under 30'],
    asked: [['initech']],
    blocks: [
      ['globex', null, 0, 5, 1],
      ['initech', null, 1, 4, 0],
      [null, null, 0, 3, 1],
    ],
  },
  {
    key: 'nutrition-label',
    contentType: 'packaging',
    ageDays: RECENT,
    contents: [
      'Recipe card listing calories and allergens for {P} snack bars',
      'Nutrition label with an allergen warning for nuts',
      'Snack bar nutrition facts with allergens in bold',
    ],
    approveReasons: ['Allergens clearly listed', 'Nutrition facts verified'],
    rejectReasons: ['Allergen warning missing'],
    neitherReasons: ['Check the calorie count'],
    queries: ['nutrition label allergen warning for nuts', 'recipe card calories and allergens'],
    asked: [['acme']],
    blocks: [
      ['umbrella', null, 6, 1, 1],
      ['acme', null, 3, 1, 0],
      [null, null, 4, 1, 1],
    ],
  },
  {
    key: 'podcast-read',
    contentType: 'audio-script',
    ageDays: RECENT,
    contents: ['Podcast sponsorship read script mentioning {P}'],
    approveReasons: ['Script follows the sponsorship disclosure rules'],
    rejectReasons: ['Missing sponsorship disclosure'],
    neitherReasons: ['Timing check'],
    queries: ['podcast sponsorship read script'],
    asked: [],
    blocks: [['acme', null, 1, 0, 1]],
  },
];

/** Queries about nothing any reviewer judged: the expected answer is no suggestion. */
export const UNRELATED_QUERIES: readonly string[] = [
  'quarterly payroll tax filing deadline',
  'office parking allocation rota',
  'kubernetes cluster upgrade window',
  'vegan lunch catering menu for the offsite',
  'annual hiking trip itinerary',
  'server room temperature alarm thresholds',
  'warehouse forklift maintenance log',
  'board meeting minutes template',
];

/** Product names that fill `{P}`. */
export const PRODUCTS: readonly string[] = ['GlowSerum', 'AquaPure', 'SwiftDesk', 'NovaPhone', 'TerraBottle', 'PulseBand', 'LumaLamp', 'ZenMat'];
