/** The deterministic rule sets of built-in agents (beyond-spec-4 4.1.0 I): what a page's text or html yields as findings. */
import type { AgentFinding } from '../state/records/agents.js';

/** The default misspelling table of R-spell (overridable per API key). */
export const DEFAULT_MISSPELLINGS: Readonly<Record<string, string>> = {
  teh: 'the',
  recieve: 'receive',
  seperate: 'separate',
  occured: 'occurred',
  definately: 'definitely',
  accomodate: 'accommodate',
  wich: 'which',
  untill: 'until',
  enviroment: 'environment',
  goverment: 'government',
  neccessary: 'necessary',
  publically: 'publicly',
  occurence: 'occurrence',
  begining: 'beginning',
  beleive: 'believe',
  calender: 'calendar',
  existance: 'existence',
  independant: 'independent',
  tommorow: 'tomorrow',
  wierd: 'weird',
};

/** The default profanity list of R-profanity (overridable per API key). */
export const DEFAULT_PROFANITY: readonly string[] = ['damn', 'crap', 'hell'];

/** A finding before its id and annotation are known. */
export type DraftFinding = Omit<AgentFinding, 'id' | 'commentId'>;

/** What the rules read of a page and of the key's settings. */
export interface RuleInput {
  url: string;
  text: string;
  html?: string | undefined;
  misspellings: Readonly<Record<string, string>>;
  profanity: readonly string[];
  /** The registered HTTP status of a linked URL, if any. */
  statusOf(url: string): number | undefined;
}

/** How many times `target` occurs in `text` up to and including `position` (1-based). */
export function occurrenceAt(text: string, target: string, position: number): number {
  if (target === '') return 1;
  let count = 0;
  for (let at = text.indexOf(target); at !== -1 && at <= position; at = text.indexOf(target, at + 1)) count++;
  return Math.max(count, 1);
}

/** A text finding at a position of the page text. */
export function textFinding(
  input: RuleInput,
  target: string,
  position: number,
  fields: Omit<DraftFinding, 'targetText' | 'occurrence' | 'sourceUrl' | 'htmlSelector' | 'targetElementXpath' | 'isPageLevel' | 'source'>,
): DraftFinding {
  return {
    title: fields.title,
    description: fields.description,
    severity: fields.severity,
    targetText: target,
    occurrence: occurrenceAt(input.text, target, position),
    sourceUrl: input.url,
    suggestion: fields.suggestion,
    htmlSelector: '',
    targetElementXpath: '',
    isPageLevel: false,
    issueType: fields.issueType,
    confidence: fields.confidence,
    source: 'instructions',
  };
}

/** A finding about an element or the whole page (no target text). */
export function elementFinding(
  input: RuleInput,
  fields: Pick<DraftFinding, 'title' | 'description' | 'severity' | 'suggestion' | 'issueType' | 'confidence'> & { htmlSelector?: string; pageLevel?: boolean },
): DraftFinding {
  return {
    title: fields.title,
    description: fields.description,
    severity: fields.severity,
    targetText: '',
    occurrence: 1,
    sourceUrl: input.url,
    suggestion: fields.suggestion,
    htmlSelector: fields.htmlSelector ?? '',
    targetElementXpath: '',
    isPageLevel: fields.pageLevel ?? false,
    issueType: fields.issueType,
    confidence: fields.confidence,
    source: 'instructions',
  };
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every case-insensitive whole-word occurrence of a phrase in a text, as [matched text, position]. */
export function wordMatches(text: string, phrase: string): [string, number][] {
  if (phrase.trim() === '') return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}_])`, 'giu');
  return [...text.matchAll(re)].map((m) => [m[0], m.index]);
}

/** R-spell: words of the misspelling table. */
export function spellRule(input: RuleInput): DraftFinding[] {
  const out: DraftFinding[] = [];
  for (const m of input.text.matchAll(/[\p{L}']+/gu)) {
    const word = m[0];
    const fix = input.misspellings[word.toLowerCase()];
    if (fix === undefined || !Object.hasOwn(input.misspellings, word.toLowerCase())) continue;
    out.push(
      textFinding(input, word, m.index, {
        title: `Spelling mistake: "${word}"`,
        description: `"${word}" should be spelled "${fix}".`,
        severity: 'low',
        suggestion: `Replace "${word}" with "${fix}".`,
        issueType: 'spelling',
        confidence: 95,
      }),
    );
  }
  return out;
}

/** R-grammar: repeated words, then sentences that start in lowercase. */
export function grammarRule(input: RuleInput): DraftFinding[] {
  const out: DraftFinding[] = [];
  for (const m of input.text.matchAll(/\b(\w+)\s+\1\b/giu)) {
    const word = m[1] ?? '';
    out.push(
      textFinding(input, m[0], m.index, {
        title: `Repeated word: "${word}"`,
        description: `The word "${word}" is repeated.`,
        severity: 'low',
        suggestion: 'Remove the repeated word.',
        issueType: 'grammar',
        confidence: 90,
      }),
    );
  }
  for (const m of input.text.matchAll(/\. (\p{Ll}[\p{L}']*)/gu)) {
    const word = m[1] ?? '';
    out.push(
      textFinding(input, word, m.index + 2, {
        title: 'Sentence starts in lowercase',
        description: `The sentence starting with "${word}" begins with a lowercase letter.`,
        severity: 'low',
        suggestion: 'Capitalise the first letter.',
        issueType: 'capitalization',
        confidence: 90,
      }),
    );
  }
  return out;
}

/** R-profanity: words of the profanity list. */
export function profanityRule(input: RuleInput): DraftFinding[] {
  const out: [number, DraftFinding][] = [];
  for (const word of input.profanity) {
    for (const [found, at] of wordMatches(input.text, word)) {
      out.push([
        at,
        textFinding(input, found, at, {
          title: `Profanity: "${found}"`,
          description: `The page uses the word "${found}".`,
          severity: 'medium',
          suggestion: 'Remove or replace the word.',
          issueType: 'profanity',
          confidence: 90,
        }),
      ]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, f]) => f);
}

/** R-lorem: placeholder phrases. */
export function loremRule(input: RuleInput): DraftFinding[] {
  const out: [number, DraftFinding][] = [];
  for (const phrase of ['lorem ipsum', 'dolor sit amet']) {
    for (const [found, at] of wordMatches(input.text, phrase)) {
      out.push([
        at,
        textFinding(input, found, at, {
          title: 'Placeholder text',
          description: `The page still holds the placeholder text "${found}".`,
          severity: 'medium',
          suggestion: 'Replace the placeholder text.',
          issueType: 'placeholder-text',
          confidence: 99,
        }),
      ]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, f]) => f);
}

const SECRETS = [/sk_live_[A-Za-z0-9]{8,}/g, /AKIA[0-9A-Z]{16}/g, /-----BEGIN [A-Z ]*PRIVATE KEY-----/g, /password\s*[:=]\s*\S+/gi];

/** R-secrets: API keys, cloud keys, private keys, passwords. */
export function secretsRule(input: RuleInput): DraftFinding[] {
  const out: DraftFinding[] = [];
  for (const re of SECRETS) {
    for (const m of input.text.matchAll(re)) {
      out.push(
        textFinding(input, m[0], m.index, {
          title: 'Sensitive data exposed',
          description: 'The page exposes a secret that should never be public.',
          severity: 'critical',
          suggestion: 'Remove the secret from the page.',
          issueType: 'sensitive-data',
          confidence: 95,
        }),
      );
    }
  }
  return out;
}

/** Whether a digit string passes the Luhn check. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** R-pii: e-mail addresses, phone numbers, card numbers. */
export function piiRule(input: RuleInput): DraftFinding[] {
  const out: DraftFinding[] = [];
  const found = (kind: string, m: RegExpMatchArray) =>
    textFinding(input, m[0], m.index ?? 0, {
      title: `Personal data exposed: ${kind}`,
      description: `The page exposes a ${kind}.`,
      severity: 'high',
      suggestion: `Remove or mask the ${kind}.`,
      issueType: 'pii',
      confidence: 90,
    });
  for (const m of input.text.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)) out.push(found('email address', m));
  const cards = [...input.text.matchAll(/(?<!\d)\d{13,19}(?!\d)/g)].filter((m) => luhn(m[0]));
  const cardAt = new Set(cards.map((m) => m.index));
  for (const m of input.text.matchAll(/\+?\(?\d[\d\s().-]{8,}\d/g)) {
    if ((m[0].match(/\d/g) ?? []).length < 10 || cardAt.has(m.index)) continue;
    out.push(found('phone number', m));
  }
  for (const m of cards) out.push(found('card number', m));
  return out;
}
