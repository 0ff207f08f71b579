/** Knowledge sources (beyond-spec-4 4.3.0 C): conversion to canonical markdown, rule classification and extraction. */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { md5Hex } from '../../support/ids.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeRule, KnowledgeSourceRecord } from '../state/records/knowledge.js';

const DIRECTIVE = /\b(must|never|ensure|always|should|avoid|do not|don't|required|shall|only)\b/i;
const MARKER = /^\s*(?:[-*+]|\d+[.)]|\[[ xX]\])\s+/;

/** Whether a line of text states a checkable rule: a bullet, numbered or checkbox line with directive wording. */
export function isRuleLine(line: string): boolean {
  return MARKER.test(line) && DIRECTIVE.test(line);
}

/** Plain text as canonical markdown: CRLF to LF, trailing spaces trimmed, one final newline. */
export function canonicalText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''));
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** The rules of canonical markdown when it is rule-based (≥ 3 rule lines making ≥ 30 % of its content lines), else none. */
export function extractRules(sourceId: string, markdown: string): KnowledgeRule[] {
  const lines = markdown.split('\n');
  const content = lines.filter((l) => l.trim() !== '' && !/^\s*#/.test(l) && !/^\s*(?:[-*_]\s*){3,}$/.test(l) && !/^\s*\|?\s*:?-{3,}/.test(l));
  const ruleLines = content.filter(isRuleLine);
  if (ruleLines.length < 3 || ruleLines.length < 0.3 * content.length) return [];
  const rules: KnowledgeRule[] = [];
  let heading: string | null = null;
  for (const line of lines) {
    const h = /^\s*#+\s*(.*)$/.exec(line);
    if (h) {
      heading = (h[1] ?? '').trim();
      continue;
    }
    if (!isRuleLine(line)) continue;
    const text = line.replace(MARKER, '').trim();
    rules.push({ id: `rule_${md5Hex(`${sourceId}\n${text}`).slice(0, 12)}`, content: text, category: heading, index: rules.length });
  }
  return rules;
}

/** Chunks of a non-rule-based source: blank-line-separated blocks merged up to 1000 characters. */
function chunksOf(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)) {
    const last = out[out.length - 1];
    if (last !== undefined && last.length + block.length + 2 <= 1000) out[out.length - 1] = `${last}\n\n${block}`;
    else out.push(block);
  }
  return out;
}

/**
 * Stores a completed knowledge source from a file and its canonical markdown; bytes that duplicate an earlier
 * non-failed source point at it (`dedupOf`) and own no rules or chunks.
 * @example addKnowledgeSource(ctx, ns, { fileName: 'rules.md', mimeType: 'text/markdown', bytes, markdown }).id
 */
export function addKnowledgeSource(
  ctx: ModelContext,
  ns: Namespace,
  input: { fileName?: string | undefined; mimeType: string; bytes: Uint8Array; markdown: string },
): KnowledgeSourceRecord {
  if (!ns.knowledge) ctx.store.undo.assign(ns, 'knowledge', { sources: new Map() });
  const sources = (ns.knowledge as { sources: Map<string, KnowledgeSourceRecord> }).sources;
  let id = `src_${ctx.ids.hex(8)}`;
  while (sources.has(id)) id = `src_${ctx.ids.hex(8)}`;
  const digest = bytesToHex(sha256(input.bytes));
  const winner = [...sources.values()].find((s) => s.sha256 === digest && s.embeddingStatus !== 'failed');
  const now = ctx.clock.now();
  const rules = winner ? [] : extractRules(id, input.markdown);
  const chunks = winner || rules.length > 0 ? [] : chunksOf(input.markdown);
  const record: KnowledgeSourceRecord = {
    id,
    sourceType: 'upload',
    fileName: input.fileName ?? null,
    mimeType: input.mimeType,
    uploadedAt: now,
    sha256: digest,
    embeddingStatus: 'completed',
    ...(winner ? { dedupOf: winner.dedupOf ?? winner.id } : {}),
    ruleCount: rules.length,
    chunkCount: chunks.length,
    version: 1,
    metadata: { usedRawFallback: false },
    markdown: input.markdown,
    isRuleBased: rules.length > 0,
    rules,
    chunks,
    updatedAt: now,
  };
  ctx.store.undo.set(sources, id, record);
  return record;
}

/**
 * Every extracted rule of the key's completed rule-based sources, in upload order, at most `max`.
 * @example knowledgeRules(ns, 20).map((r) => r.content)
 */
export function knowledgeRules(ns: Namespace, max: number): KnowledgeRule[] {
  const out: KnowledgeRule[] = [];
  for (const source of ns.knowledge?.sources.values() ?? []) {
    if (source.embeddingStatus !== 'completed' || !source.isRuleBased) continue;
    for (const rule of source.rules) {
      if (out.length >= max) return out;
      out.push(rule);
    }
  }
  return out;
}
