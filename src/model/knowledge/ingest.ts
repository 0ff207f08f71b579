import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeBase, KnowledgeMimeType, KnowledgeSource } from '../state/records/knowledge.js';
import { knowledgeOf } from './base.js';
import { csvMarkdown, isOpaque, normaliseText, opaqueMarkdown, parseCsv, textOf } from './convert.js';
import { finishIngestion } from './progress.js';
import { chunksOf, type Extraction, extractFromCsv, extractFromText, isRuleBased, ruleRecords } from './rules.js';
import { sha256Hex } from './urls.js';

/** A file to add to the knowledge base. */
export interface KnowledgeFile {
  fileName: string;
  mimeType: KnowledgeMimeType;
  bytes: Uint8Array;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

/** How a file is added: as an ingestion (the key's progression), or completed at once with markdown given. */
export interface IngestOptions {
  /** The canonical markdown, when the caller converted the file itself. */
  markdown?: string | undefined;
  /** Complete now, whatever the key's progression (and leave any `failNext` for the next ingestion). */
  complete?: boolean | undefined;
}

/** What was converted of a file: its canonical markdown and what it yields. */
interface Converted {
  markdown: string;
  usedRawFallback: boolean;
  extraction: Extraction;
}

/** The canonical markdown of a file (beyond-spec-4 4.3.0 C): read for text, markdown and CSV; registered or a stub for PDF and XLSX. */
function convert(base: KnowledgeBase, file: KnowledgeFile, sha256: string): Converted {
  if (isOpaque(file.mimeType)) {
    const registered = registeredConversion(base, sha256, file.fileName);
    if (registered === undefined) {
      return { markdown: opaqueMarkdown(file.fileName, file.mimeType, file.bytes.length), usedRawFallback: true, extraction: { rules: [], lines: 0 } };
    }
    const markdown = normaliseText(registered);
    return { markdown, usedRawFallback: false, extraction: extractFromText(markdown) };
  }
  const text = textOf(file.bytes) ?? '';
  if (file.mimeType === 'text/csv') {
    const rows = parseCsv(text);
    return { markdown: csvMarkdown(file.fileName, rows), usedRawFallback: false, extraction: extractFromCsv(rows) };
  }
  const markdown = normaliseText(text);
  return { markdown, usedRawFallback: false, extraction: extractFromText(markdown) };
}

/**
 * The text registered for an opaque file (PDF, XLSX) through the control plane: by its bytes' sha256 first, then by
 * its file name; undefined when none was.
 * @example registeredConversion(readKnowledge(ns), sha256Hex(bytes), 'policy.pdf')
 */
export function registeredConversion(base: KnowledgeBase, sha256: string, fileName: string | undefined): string | undefined {
  return base.conversions.get(`sha256:${sha256}`) ?? (fileName === undefined ? undefined : base.conversions.get(`fileName:${fileName}`));
}

/** The source a new one with these bytes duplicates: a non-failed source with the same sha256, followed to its root. */
function winnerFor(base: KnowledgeBase, sha256: string): KnowledgeSource | undefined {
  for (const source of base.sources.values()) {
    if (source.sha256 !== sha256 || source.embeddingStatus === 'failed') continue;
    return source.dedupOf === undefined ? source : base.sources.get(source.dedupOf);
  }
  return undefined;
}

/** A source id not yet used under this key: `src_` and 8 hex. */
function newSourceId(ctx: ModelContext, base: KnowledgeBase): string {
  for (;;) {
    const id = `src_${ctx.ids.hex(8)}`;
    if (!base.sources.has(id)) return id;
  }
}

/**
 * Adds a file to a key's knowledge base as a `processing` source, converted now and revealed as the key's progression
 * says (a poll, the clock, the control plane, or at once). Bytes that duplicate a live source make a source that
 * mirrors it. Refuses nothing: the caller validated the file.
 * @example ingestFile(ctx, ns, { fileName: 'policy.md', mimeType: 'text/plain', bytes }).id
 */
export function ingestFile(ctx: ModelContext, ns: Namespace, file: KnowledgeFile, options: IngestOptions = {}): KnowledgeSource {
  const { undo } = ctx.store;
  const base = knowledgeOf(ctx, ns);
  const now = ctx.clock.now();
  const sha256 = sha256Hex(file.bytes);
  const winner = winnerFor(base, sha256);
  const id = newSourceId(ctx, base);
  const source: KnowledgeSource = {
    id,
    sourceType: 'upload',
    fileName: file.fileName,
    mimeType: file.mimeType,
    uploadedAt: now,
    sha256,
    embeddingStatus: winner ? winner.embeddingStatus : 'processing',
    version: 1,
    usedRawFallback: false,
    isRuleBased: false,
    startedAt: now,
    updatedAt: now,
    markdown: '',
    rules: [],
    chunks: [],
  };
  if (file.organizationId !== undefined) source.organizationId = file.organizationId;
  if (file.documentId !== undefined) source.documentId = file.documentId;
  if (winner) {
    source.dedupOf = winner.id;
    undo.set(base.sources, id, source);
    return source;
  }
  const converted = convert(base, file, sha256);
  if (options.markdown !== undefined) converted.markdown = options.markdown;
  const ruleBased = isRuleBased(converted.extraction);
  source.usedRawFallback = converted.usedRawFallback;
  source.isRuleBased = ruleBased;
  source.original = file.bytes;
  source.markdown = converted.markdown;
  source.rules = ruleBased ? ruleRecords(id, converted.extraction.rules) : [];
  source.chunks = ruleBased || converted.usedRawFallback ? [] : chunksOf(converted.markdown);
  const atOnce = options.complete === true;
  if (base.config.failNext !== null && !atOnce) {
    source.failing = base.config.failNext;
    undo.assign(base.config, 'failNext', null);
  }
  if (base.config.progression === 'clock' && !atOnce) source.dueAt = now + base.config.ingestMs;
  undo.set(base.sources, id, source);
  undo.assign(base, 'pending', [...base.pending, id]);
  if (base.config.progression === 'immediate' || atOnce) finishIngestion(ctx, base, source, now);
  return source;
}
