/** The fixed tables of the agents area (beyond-spec-4 4.1.0 A, E, K): built-in agents, system groups, the model allowlist. */

import type { AgentProvider } from '../state/records/agents.js';

/** The rule set a built-in agent applies (4.1.0 I). */
export type RuleSet = 'spell' | 'grammar' | 'links' | 'pii' | 'profanity' | 'secrets' | 'audit' | 'a11y' | 'og' | 'lorem';

/** One built-in agent of the catalogue. */
export interface BuiltInAgent {
  id: string;
  name: string;
  description: string;
  essentialDefault: boolean;
  /** `ai` agents use a model (and report tokens); `service` agents do not. */
  strategy: 'ai' | 'service';
  rules: RuleSet;
}

/** The ten built-in agents, in catalogue order. */
export const BUILT_IN_CATALOGUE: readonly BuiltInAgent[] = [
  {
    id: 'spell-check',
    name: 'Spell Check',
    description: 'Finds spelling mistakes and typos in page content using AI analysis',
    essentialDefault: true,
    strategy: 'ai',
    rules: 'spell',
  },
  {
    id: 'grammar-check',
    name: 'Grammar Check',
    description: 'Checks page content for grammar mistakes',
    essentialDefault: true,
    strategy: 'ai',
    rules: 'grammar',
  },
  {
    id: 'broken-links',
    name: 'Broken Links',
    description: 'Validates the links on a page and reports broken ones',
    essentialDefault: true,
    strategy: 'service',
    rules: 'links',
  },
  {
    id: 'pii-detection',
    name: 'PII Detection',
    description: 'Detects personal information exposed in page content',
    essentialDefault: false,
    strategy: 'ai',
    rules: 'pii',
  },
  {
    id: 'profanity-filter',
    name: 'Profanity Filter',
    description: 'Detects profanity in page content',
    essentialDefault: false,
    strategy: 'ai',
    rules: 'profanity',
  },
  {
    id: 'sensitive-data',
    name: 'Sensitive Data',
    description: 'Detects secrets and other sensitive data in page content',
    essentialDefault: false,
    strategy: 'ai',
    rules: 'secrets',
  },
  {
    id: 'lighthouse',
    name: 'Lighthouse',
    description: 'Runs a performance, SEO and accessibility audit',
    essentialDefault: false,
    strategy: 'service',
    rules: 'audit',
  },
  {
    id: 'accessibility-checker',
    name: 'Accessibility Checker',
    description: 'Audits the page against common WCAG rules',
    essentialDefault: false,
    strategy: 'service',
    rules: 'a11y',
  },
  {
    id: 'og-image-checker',
    name: 'OG Image Checker',
    description: "Validates the page's Open Graph image",
    essentialDefault: false,
    strategy: 'service',
    rules: 'og',
  },
  { id: 'lorem-ipsum', name: 'Lorem Ipsum', description: 'Detects placeholder and lorem-ipsum text', essentialDefault: false, strategy: 'ai', rules: 'lorem' },
];

const BY_ID = new Map(BUILT_IN_CATALOGUE.map((agent) => [agent.id, agent]));

/** The built-in agent with this id, if it is one. @example builtInAgent('spell-check')?.name === 'Spell Check' */
export function builtInAgent(id: string): BuiltInAgent | undefined {
  return BY_ID.get(id);
}

/** Every built-in agent id, in catalogue order. */
export const BUILT_IN_AGENT_IDS: readonly string[] = BUILT_IN_CATALOGUE.map((agent) => agent.id);

/** One system group: its fixed id, default name and description, and the word prefixes that classify an agent into it. */
export interface SystemGroup {
  id: string;
  name: string;
  description: string;
  keywords: readonly string[];
}

/** The system groups in classification order: the first whose keyword starts a word of the agent wins. */
export const SYSTEM_GROUPS: readonly SystemGroup[] = [
  {
    id: 'copy-qa',
    name: 'Copy QA',
    description: 'Spelling, grammar and copy checks',
    keywords: ['spell', 'grammar', 'typo', 'copy', 'wording', 'lorem', 'placeholder', 'text'],
  },
  { id: 'seo', name: 'SEO', description: 'Search-engine and metadata checks', keywords: ['seo', 'meta', 'sitemap', 'robots', 'og', 'link', 'canonical'] },
  {
    id: 'design-checks',
    name: 'Design Checks',
    description: 'Visual and layout checks',
    keywords: ['design', 'layout', 'color', 'colour', 'font', 'css', 'style', 'visual', 'spacing'],
  },
  {
    id: 'performance',
    name: 'Performance',
    description: 'Speed and resource checks',
    keywords: ['performance', 'lighthouse', 'speed', 'load', 'latency', 'weight'],
  },
  { id: 'brand-checks', name: 'Brand Checks', description: 'Brand consistency checks', keywords: ['brand', 'logo', 'tone', 'voice', 'trademark'] },
];

/** The system group an agent's words classify it into, or undefined. @example classifyAgent('Typo hunter') === 'copy-qa' */
export function classifyAgent(text: string): SystemGroup | undefined {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return SYSTEM_GROUPS.find((group) => group.keywords.some((keyword) => words.some((word) => word.startsWith(keyword))));
}

/** The allowlisted model of each provider (4.1.0 K). */
export const MODEL_ALLOWLIST: Readonly<Record<AgentProvider, string>> = { gemini: 'gemini-3.6-flash', claude: 'claude-sonnet-5', openai: 'gpt-5.6-luna' };

/** The providers, in a stable order. */
export const PROVIDERS: readonly AgentProvider[] = ['gemini', 'claude', 'openai'];

/** The `error.code` values a URL or a run may fail with (4.1.0 F). */
export const EXECUTION_ERROR_CODES = [
  'TIMEOUT',
  'LLM_ERROR',
  'LLM_RATE_LIMITED',
  'MALFORMED_RESPONSE',
  'CRAWLER_ERROR',
  'CONTEXT_GATHERING_ERROR',
  'POST_PROCESS_ERROR',
  'INTERNAL',
] as const;

/** The id every agent annotation's author carries. */
export const AGENT_USER_ID = 'system-agent';
