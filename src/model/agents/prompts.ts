/** The prompt tools' deterministic stand-ins (beyond-spec-4 4.1.13–4.1.16): enhance, validate, refine, resolve. */

const STOP = new Set(
  'a all an and any are be check confirm does ensure every for from has have in is it make no of on our page site sure that the there this to uses use using verify we web with'.split(
    ' ',
  ),
);

/** The words of a text: lowercase, split on anything that is not a letter, digit, `#`, `.`, `<`, `>` or `-`. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}#.<>-]+/u)
    .filter(Boolean);
}

/** The content words of a text: not stop words, in order, first occurrence only. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const word of tokens(text)) if (!STOP.has(word) && !out.includes(word)) out.push(word);
  return out;
}

/** The first three content words joined by a space (`requirements` when there are none). */
export function phraseOf(text: string): string {
  const words = contentWords(text).slice(0, 3);
  return words.length === 0 ? 'requirements' : words.join(' ');
}

const CONCRETE = [/"[^"]+"|'[^']+'/, /\d/, /#[0-9a-f]{3,8}\b/i, /https?:\/\/\S+/i, /<[a-z][a-z0-9]*>/i, /(^|\s)\.[a-z][\w-]*/i, /\{\{[^}]+\}\}/];

/** A user-context field as the prompt tools take it. */
export interface PromptField {
  id?: string | undefined;
  title?: string | undefined;
}

/**
 * Enhance: `{requirement: null}` when the prompt is specific enough (a concrete token, 12 words or more, or a word of a
 * declared field), else what to ask the user.
 * @example enhancePrompt('Check that the page uses our brand colors', []).requirement
 */
export function enhancePrompt(prompt: string, fields: readonly PromptField[]): Record<string, unknown> {
  const fieldWords = new Set(fields.flatMap((f) => [...(f.id ?? '').toLowerCase().split('_'), ...tokens(f.title ?? '')]).filter(Boolean));
  const sufficient = CONCRETE.some((re) => re.test(prompt)) || tokens(prompt).length >= 12 || contentWords(prompt).some((w) => fieldWords.has(w));
  if (sufficient) return { requirement: null };
  const phrase = phraseOf(prompt);
  return {
    requirement: `Please specify the exact ${phrase} to check.`,
    context: 'The prompt does not name concrete values (quoted text, numbers, colours or selectors) that can be verified on a page.',
    suggestion: [`list the ${phrase} values to check`, `check every ${phrase} found on the page`],
    suggestion_type: 'single-select',
  };
}

const TOOL_WORDS = ['page', 'text', 'content', 'link', 'image', 'heading', 'button', 'copy', 'url', 'label', 'title'];
const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Validate: a structured QA task built from the prompt's words.
 * @example validatePrompt('Flag {{brand}} misuse', []).suggested_required_inputs
 */
export function validatePrompt(prompt: string, fields: readonly PromptField[]): Record<string, unknown> {
  const trimmed = prompt.trim();
  const objective = `${capitalise(trimmed)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
  const words = contentWords(prompt);
  const phrase = phraseOf(prompt);
  const declared = new Set(fields.map((f) => f.id));
  const variables: string[] = [];
  for (const m of prompt.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)) if (!declared.has(m[1]) && !variables.includes(m[1] as string)) variables.push(m[1] as string);
  return {
    analysis_prompt: `## Objective\n${objective}\n\n## Scope\nAll visible page content\n\n## Detection Logic\nReport every place where the page does not satisfy the objective.\n\n## Output Format\nOne finding per violation, quoting the exact target text`,
    requires_tool: words.some((w) => TOOL_WORDS.some((t) => w.startsWith(t))) ? 'TOOL_TEXT_EXTRACTOR' : 'NONE',
    response_descriptions: {
      title: 'Brief description of the issue',
      severity: 'high for blocking issues, medium for noticeable ones, low for cosmetic ones',
      targetText: 'The exact text on the page',
      suggestion: 'How to fix the issue',
      issueType: words.slice(0, 3).join('-') || 'requirements',
    },
    demos: {
      detection_dimensions: words.slice(0, 3).map(capitalise),
      cases: [
        {
          id: 'demo-1',
          title: 'Obvious violation',
          tier: 'obvious_match',
          dimension_tested: phrase,
          html: `<p>Content that violates: ${prompt}</p>`,
          expected: 'detected',
          reason: 'Directly contradicts the objective',
        },
        {
          id: 'demo-2',
          title: 'Compliant content',
          tier: 'clear_non_match',
          dimension_tested: phrase,
          html: '<p>Content that satisfies the objective</p>',
          expected: 'not_detected',
          reason: 'Nothing to report',
        },
      ],
    },
    suggested_required_inputs: variables.map((name) => ({ name, description: `Value for ${name}`, example: '', reason: 'Referenced by the prompt' })),
  };
}

/** One demo feedback item of refine. */
export interface DemoFeedback {
  demoTitle: string;
  demoExpected: string;
  feedback: string;
}

/**
 * Refine: the analysis prompt with its `## Refinements` section rewritten from the feedback, in order.
 * @example refinePrompt('## Objective\nX', [{ demoTitle: 'A', demoExpected: 'detected', feedback: 'missed' }]).analysis_prompt
 */
export function refinePrompt(analysisPrompt: string, feedback: readonly DemoFeedback[]): Record<string, unknown> {
  const at = analysisPrompt.indexOf('## Refinements');
  const base = (at === -1 ? analysisPrompt : analysisPrompt.slice(0, at)).replace(/\s+$/, '');
  const lines = feedback.map((f) => `- ${f.demoTitle} (expected ${f.demoExpected}): ${f.feedback}`);
  return { analysis_prompt: `${base}\n\n## Refinements\n${lines.join('\n')}`, response_descriptions: {} };
}

const INTENT = ['click', 'open', 'navigate', 'scroll', 'hover', 'fill', 'submit', 'type', 'login', 'log in', 'sign in', 'select', 'expand'];
const TRIGGERS: [string, string[]][] = [
  ['web-page-screenshot', ['colour', 'color', 'visual', 'layout', 'image', 'logo', 'screenshot', 'spacing']],
  ['web-page-html', ['alt', 'html', 'markup', 'meta', 'tag', 'attribute']],
  ['web-page-css', ['css', 'stylesheet']],
  ['web-page-links', ['link', 'url', 'href']],
  ['web-page-accessibility', ['accessib', 'wcag', 'aria', 'contrast', 'screen reader']],
  ['computed-styles', ['font', 'typography', 'color', 'colour', 'style']],
  ['robots-txt', ['robots']],
  ['sitemap-data', ['sitemap']],
  ['lighthouse', ['performance', 'seo', 'lighthouse', 'speed']],
];

const startsWord = (text: string, prefix: string): boolean => new RegExp(`(^|[^\\p{L}\\p{N}])${prefix.replace(/ /g, '\\s+')}`, 'u').test(text);

/** The selectors a text mentions: `<tag>` forms, bare `h1`–`h6`, `button`, `img`, and class selectors, in order. */
function selectorsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/<(h[1-6]|a|button|p|img)>|(?<![\w-])(h[1-6]|button|img)(?![\w-])|(?<![\w.])(\.[a-z][\w-]*)/gi)) {
    const found = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase();
    if (found !== '' && !out.includes(found)) out.push(found);
  }
  return out;
}

/**
 * Resolve: context-gathering strategies and an execution strategy for instructions (interaction words make it a
 * `stagehand-agent` with no extraction).
 * @example resolveConfig('Check the brand color and font').execution_strategy === 'ai'
 */
export function resolveConfig(instructions: string, rawInstructions = ''): Record<string, unknown> {
  const text = `${rawInstructions} ${instructions}`.toLowerCase();
  const intent = INTENT.find((word) => startsWord(text, word));
  if (intent !== undefined) {
    return {
      extraction_strategies: ['none'],
      execution_strategy: 'stagehand-agent',
      reasoning: `Matched: ${intent}. Strategies: none. Execution: stagehand-agent.`,
    };
  }
  const strategies = ['web-page-text'];
  const matched: string[] = [];
  for (const [strategy, words] of TRIGGERS) {
    const hits = words.filter((w) => startsWord(text, w));
    if (hits.length === 0) continue;
    strategies.push(strategy);
    for (const hit of hits) if (!matched.includes(hit)) matched.push(hit);
  }
  const out: Record<string, unknown> = {
    extraction_strategies: strategies,
    execution_strategy: 'ai',
    reasoning: `Matched: ${matched.length > 0 ? matched.join(', ') : 'nothing'}. Strategies: ${strategies.join(', ')}. Execution: ai.`,
  };
  if (strategies.includes('computed-styles')) {
    const selectors = selectorsIn(`${rawInstructions} ${instructions}`);
    out['strategy_options'] = { 'computed-styles': { selectors: selectors.length > 0 ? selectors : ['h1', 'h2', 'h3', 'a', 'button'] } };
  }
  return out;
}

/** The fallback reply of resolve when the model fails (an unknown provider). */
export const RESOLVE_FALLBACK = {
  extraction_strategies: ['web-page-text', 'web-page-html', 'web-page-screenshot'],
  execution_strategy: 'ai',
  reasoning: 'Default configuration applied',
} as const;
