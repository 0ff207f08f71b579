/** Which findings a URL yields (beyond-spec-4 4.1.0 I): a scripted outcome, else the agent's rule set, then the guardrails. */

import type { AgentsState, ScriptedFindingsRecord } from '../state/records/agents.js';
import type { KnowledgeRule } from '../state/records/knowledge.js';
import { BUILT_IN_AGENT_IDS, builtInAgent, type RuleSet } from './catalogue.js';
import { registeredPage } from './pages.js';
import {
  DEFAULT_MISSPELLINGS,
  DEFAULT_PROFANITY,
  type DraftFinding,
  grammarRule,
  loremRule,
  piiRule,
  profanityRule,
  type RuleInput,
  secretsRule,
  spellRule,
  textFinding,
  wordMatches,
} from './rules.js';
import { a11yRule, auditRule, linksRule, ogRule } from './rules-html.js';

const RULES: Record<RuleSet, (input: RuleInput) => DraftFinding[]> = {
  spell: spellRule,
  grammar: grammarRule,
  links: linksRule,
  pii: piiRule,
  profanity: profanityRule,
  secrets: secretsRule,
  audit: auditRule,
  a11y: a11yRule,
  og: ogRule,
  lorem: loremRule,
};

/** Which rule set a service delegation (`serviceId`) runs. */
const SERVICES: Record<string, RuleSet | undefined> = { 'broken-links': 'links', 'accessibility-checker': 'a11y', 'og-image-checker': 'og' };

const DIRECTIVE = /\b(never|avoid|must not|do not|don't|no|remove|forbid|flag)\b/i;

/** The quoted phrases of every sentence of instructions that forbids something. */
export function forbiddenTerms(instructions: string): string[] {
  const out: string[] = [];
  for (const sentence of instructions.split(/(?<=[.!?;])\s+|\n+/)) {
    if (!DIRECTIVE.test(sentence)) continue;
    for (const m of sentence.matchAll(/"([^"]+)"|'([^']+)'/g)) {
      const phrase = (m[1] ?? m[2] ?? '').trim();
      if (phrase !== '' && !out.includes(phrase)) out.push(phrase);
    }
  }
  return out;
}

/** R-custom: forbidden terms of the instructions (or a workflow node's prompt), setup samples, service delegation. */
function customRules(
  input: RuleInput,
  behaviour: Record<string, unknown>,
  promptOverride: string | undefined,
  knowledge: readonly KnowledgeRule[],
): DraftFinding[] {
  const out: DraftFinding[] = [];
  const instructions = promptOverride ?? (typeof behaviour['instructions'] === 'string' ? behaviour['instructions'] : '');
  for (const phrase of forbiddenTerms(instructions)) {
    for (const [found, at] of wordMatches(input.text, phrase)) {
      out.push(
        textFinding(input, found, at, {
          title: `Forbidden term: "${phrase}"`,
          description: `The page uses "${found}", which the agent's instructions forbid.`,
          severity: 'medium',
          suggestion: `Remove "${phrase}".`,
          issueType: 'custom-rule',
          confidence: 80,
        }),
      );
    }
  }
  const samples = (behaviour['setup'] as { setupSamples?: unknown } | undefined)?.setupSamples;
  if (Array.isArray(samples)) {
    for (const sample of samples as { content?: string; findings?: { message?: string; elementSelector?: string; isCorrect?: boolean }[] }[]) {
      const content = (sample.content ?? '').trim();
      const at = content === '' ? -1 : input.text.indexOf(content);
      if (at === -1) continue;
      const target = content.split('\n')[0] ?? '';
      for (const f of sample.findings ?? []) {
        if (f.isCorrect === false) continue;
        const finding = textFinding(input, target, at, {
          title: f.message ?? '',
          description: f.message ?? '',
          severity: 'medium',
          suggestion: '',
          issueType: 'custom-rule',
          confidence: 80,
        });
        finding.htmlSelector = f.elementSelector ?? '';
        out.push(finding);
      }
    }
  }
  const execution = behaviour['execution'] as { executionStrategy?: string; serviceId?: string } | undefined;
  if ((execution?.executionStrategy === 'service' || execution?.executionStrategy === 'service+ai') && execution.serviceId !== undefined) {
    const set = SERVICES[execution.serviceId];
    if (set) out.push(...RULES[set](input));
  }
  for (const rule of knowledge) {
    for (const phrase of forbiddenTerms(rule.content)) {
      for (const [found, at] of wordMatches(input.text, phrase)) {
        const finding = textFinding(input, found, at, {
          title: `Forbidden term: "${phrase}"`,
          description: `The page uses "${found}", which a knowledge rule forbids.`,
          severity: 'medium',
          suggestion: `Remove "${phrase}".`,
          issueType: 'custom-rule',
          confidence: 80,
        });
        finding.source = 'knowledge';
        if (rule.category !== null) finding.knowledgeSection = rule.category;
        out.push(finding);
      }
    }
  }
  return out;
}

/** The first scripted entry for an agent and URL: one naming the URL wins over one for any URL. */
export function scriptFor(state: AgentsState, agentId: string, url: string): { entry: ScriptedFindingsRecord; index: number } | undefined {
  let any: { entry: ScriptedFindingsRecord; index: number } | undefined;
  for (let i = 0; i < state.findings.length; i++) {
    const entry = state.findings[i] as ScriptedFindingsRecord;
    if (entry.agentId !== agentId) continue;
    if (entry.url === url) return { entry, index: i };
    if (entry.url === undefined && any === undefined) any = { entry, index: i };
  }
  return any;
}

const SEVERITIES = new Set(['critical', 'high', 'medium', 'low', 'info']);

/** A scripted (partial) finding with every missing field defaulted. */
export function scriptedFinding(url: string, given: Record<string, unknown>): DraftFinding {
  const str = (key: string, fallback: string): string => (typeof given[key] === 'string' ? (given[key] as string) : fallback);
  const title = str('title', 'Scripted finding');
  const severity = str('severity', 'medium');
  return {
    title,
    description: str('description', title),
    severity: (SEVERITIES.has(severity) ? severity : 'medium') as DraftFinding['severity'],
    targetText: str('targetText', ''),
    occurrence: typeof given['occurrence'] === 'number' ? given['occurrence'] : 1,
    sourceUrl: str('sourceUrl', url),
    suggestion: str('suggestion', ''),
    htmlSelector: str('htmlSelector', ''),
    targetElementXpath: str('targetElementXpath', ''),
    isPageLevel: typeof given['isPageLevel'] === 'boolean' ? given['isPageLevel'] : str('targetText', '') === '',
    issueType: str('issueType', 'custom-rule'),
    confidence: typeof given['confidence'] === 'number' ? given['confidence'] : 80,
    source: given['source'] === 'knowledge' ? 'knowledge' : 'instructions',
    ...(typeof given['knowledgeSection'] === 'string' ? { knowledgeSection: given['knowledgeSection'] } : {}),
  };
}

/** The findings the agent's own rules give for a page. */
export function ruleFindings(
  state: AgentsState,
  agentId: string,
  behaviour: Record<string, unknown>,
  page: { url: string; text: string; html?: string | undefined },
  options: { promptOverride?: string | undefined; knowledge?: readonly KnowledgeRule[] } = {},
): DraftFinding[] {
  const input: RuleInput = {
    ...page,
    misspellings: state.config.misspellings ?? DEFAULT_MISSPELLINGS,
    profanity: state.config.profanityWords.length > 0 ? state.config.profanityWords : DEFAULT_PROFANITY,
    statusOf: (url) => registeredPage(state, url)?.status,
  };
  const builtIn = builtInAgent(agentId);
  if (builtIn && BUILT_IN_AGENT_IDS.includes(agentId)) return RULES[builtIn.rules](input);
  return customRules(input, behaviour, options.promptOverride, options.knowledge ?? []);
}

const TAGS = /<[^>]*>/g;

/**
 * The guardrails: findings identical on (sourceUrl, targetText, occurrence, issueType) dropped, html tags stripped
 * from every text field.
 * @example guard(findings).length <= findings.length
 */
export function guard(findings: readonly DraftFinding[]): DraftFinding[] {
  const seen = new Set<string>();
  const out: DraftFinding[] = [];
  for (const f of findings) {
    const key = JSON.stringify([f.sourceUrl, f.targetText, f.occurrence, f.issueType]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      ...f,
      title: f.title.replace(TAGS, ''),
      description: f.description.replace(TAGS, ''),
      suggestion: f.suggestion.replace(TAGS, ''),
      targetText: f.targetText.replace(TAGS, ''),
    });
  }
  return out;
}
