import { md5Hex } from '../../support/ids.js';
import { withoutTrailing } from '../../support/text.js';
import type { KnowledgeRule } from '../state/records/knowledge.js';

/** Words that make a listed line a rule (beyond-spec-4 4.3.0 C). */
const DIRECTIVE = /\b(must|never|ensure|always|should|avoid|do not|don't|required|shall|only)\b/i;

/** A list marker at the start of a line: `-`, `*`, `+`, `1.`, `1)`, a checkbox, or a bullet followed by a checkbox. */
const MARKER = /^\s*(?:(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?|\[[ xX]\]\s+)/;

/** The opening of an ATX heading: up to 3 spaces, 1 to 6 `#`, and white space. */
const HEADING_OPEN = /^\s{0,3}#{1,6}\s/;
/**
 * A table separator (`| --- |`) or a thematic break (`---`, `***`, `___`), tested on a trimmed line: white space at
 * either end would give two adjacent `\s*` a run to split every way, which takes time quadratic in its length.
 */
const SEPARATOR = /^(?:\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?|(?:[-*_]\s*){3,})$/;

/**
 * The text of an ATX heading line (`## Claims ##` gives `Claims`), or undefined when the line is not one: what
 * follows the `#` run without the white space around it and a closing `#` run. Cut in one pass, not by a lazy pattern
 * that backtracks through long runs of white space.
 */
function headingText(line: string): string | undefined {
  const open = HEADING_OPEN.exec(line);
  if (!open) return undefined;
  const text = line.slice(open[0].length).trim();
  return withoutTrailing(text, '#').trimEnd();
}

/** A rule-line candidate of a source: its text without marker, and the category it falls under. */
interface Candidate {
  content: string;
  category: string | null;
}

/** Whether a line states a checkable rule: a listed line with directive wording. @example isRuleLine('- Never autoplay') // true */
export function isRuleLine(line: string): boolean {
  const marker = MARKER.exec(line);
  return marker !== null && DIRECTIVE.test(line.slice(marker[0].length));
}

/** What a source's text yields: its rule lines, and how many lines could have been rules. */
export interface Extraction {
  rules: Candidate[];
  lines: number;
}

/**
 * The rule lines of markdown text: listed lines (bullets, numbers, checkboxes) with directive wording, each under
 * its nearest preceding heading; `lines` counts the non-empty lines that are neither headings nor separators.
 * @example extractFromText('# Claims\n- Never promise cures\n').rules // [{ content: 'Never promise cures', category: 'Claims' }]
 */
export function extractFromText(text: string): Extraction {
  const rules: Candidate[] = [];
  let lines = 0;
  let category: string | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const heading = headingText(line);
    if (heading !== undefined) {
      category = heading === '' ? null : heading;
      continue;
    }
    if (SEPARATOR.test(line.trim())) continue;
    lines++;
    const marker = MARKER.exec(line);
    if (!marker) continue;
    const content = line.slice(marker[0].length).trim();
    if (content !== '' && DIRECTIVE.test(content)) rules.push({ content, category });
  }
  return { rules, lines };
}

/**
 * The rule lines of CSV records: every data row with directive wording, its non-empty cells joined by ` — `, under
 * the row's `Category` or `Section` cell (headers matched without regard to case).
 * @example extractFromCsv([['Section', 'Rule'], ['Claims', 'Never promise cures']]).rules[0].content // 'Claims — Never promise cures'
 */
export function extractFromCsv(rows: readonly string[][]): Extraction {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const at = header.findIndex((h) => h === 'category' || h === 'section');
  const rules: Candidate[] = [];
  let lines = 0;
  for (const row of rows.slice(1)) {
    const cells = row.map((c) => c.trim()).filter((c) => c !== '');
    if (cells.length === 0) continue;
    lines++;
    const content = cells.join(' — ');
    if (!DIRECTIVE.test(content)) continue;
    const named = at === -1 ? '' : (row[at] ?? '').trim();
    rules.push({ content, category: named === '' ? null : named });
  }
  return { rules, lines };
}

/** Whether an extraction makes its source rule-based: at least 3 rule lines, and at least 30% of its lines. */
export function isRuleBased(extraction: Extraction): boolean {
  return extraction.rules.length >= 3 && extraction.rules.length >= 0.3 * extraction.lines;
}

/**
 * Rules with their stable ids: `rule_` and the first 12 hex of md5(sourceId, newline, content).
 * @example ruleRecords('src_1a2b3c4d', [{ content: 'Never promise cures', category: null }])[0].id
 */
export function ruleRecords(sourceId: string, candidates: readonly Candidate[]): KnowledgeRule[] {
  return candidates.map((c, index) => ({ id: `rule_${md5Hex(`${sourceId}\n${c.content}`).slice(0, 12)}`, content: c.content, category: c.category, index }));
}

/** Characters a chunk grows to by merging blank-line-separated blocks. */
export const CHUNK_CHARS = 1000;

/**
 * The chunks of prose markdown: blank-line-separated blocks, neighbours merged while the merge stays within 1000
 * characters (a longer block is a chunk of its own).
 * @example chunksOf('One.\n\nTwo.\n') // ['One.\n\nTwo.']
 */
export function chunksOf(markdown: string): string[] {
  const blocks = markdown
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
  const chunks: string[] = [];
  for (const block of blocks) {
    const last = chunks.length - 1;
    if (last >= 0 && (chunks[last] as string).length + 2 + block.length <= CHUNK_CHARS) chunks[last] = `${chunks[last]}\n\n${block}`;
    else chunks.push(block);
  }
  return chunks;
}
