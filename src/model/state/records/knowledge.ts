/** The stored shapes of the knowledge base: upload slots, sources, their rules and chunks (beyond-spec-4 4.3.0 C). */

/** The four MIME types a knowledge upload may declare, plus markdown (sources created from text by other areas). */
export type KnowledgeMimeType =
  | 'application/pdf'
  | 'text/csv'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'text/plain'
  | 'text/markdown';

/** How ingestion moves from `processing` to a terminal state (beyond-spec-4 0, progression modes). */
export type IngestProgression = 'poll' | 'immediate' | 'clock' | 'manual';

/** The operations with a documented per-minute limit (beyond-spec-4 0.2.6). */
export type KnowledgeLimited = 'ingest' | 'ingestStatus' | 'uploadUrl' | 'search' | 'delete';

/** A rule extracted from a rule-based source; `id` is stable across updates for unchanged text. */
export interface KnowledgeRule {
  id: string;
  content: string;
  category: string | null;
  index: number;
}

/** A knowledge source: what the list shows, and what the service keeps to serve downloads, rules and search. */
export interface KnowledgeSource {
  id: string;
  sourceType: 'upload';
  fileName: string;
  mimeType: KnowledgeMimeType;
  /** Milliseconds, service time of the ingest. */
  uploadedAt: number;
  /** Lowercase hex sha256 of the original bytes. */
  sha256: string;
  organizationId?: string;
  documentId?: string;
  embeddingStatus: 'processing' | 'completed' | 'failed';
  failureReason?: string;
  /** The winning source these bytes duplicate; such a source owns no bytes, markdown, rules or chunks. */
  dedupOf?: string;
  /** 1, and one more per update. */
  version: number;
  /** The conversion fell back to raw text (an opaque file with no registered markdown). */
  usedRawFallback: boolean;
  isRuleBased: boolean;
  startedAt: number;
  /** Time of the last state change (completion, failure, update). */
  updatedAt: number;
  /** `clock` progression: when the source leaves `processing`. */
  dueAt?: number;
  /** The failure reason a processing source ends with (decided at ingest by `failNext`); absent: it completes. */
  failing?: string;
  /** The original bytes (absent on a duplicate: they are the winner's). */
  original?: Uint8Array;
  /** The canonical markdown ('' on a duplicate). */
  markdown: string;
  rules: KnowledgeRule[];
  /** Blank-line-separated blocks of a prose source, merged up to 1000 characters. */
  chunks: string[];
}

/** A minted upload slot: where a by-reference ingest finds its bytes. */
export interface UploadSlot {
  token: string;
  fileRef: string;
  mimeType: KnowledgeMimeType;
  fileSize: number;
  fileName?: string;
  organizationId?: string;
  documentId?: string;
  expiresAt: number;
  /** The uploaded bytes, until ingested. */
  bytes?: Uint8Array;
  ingested: boolean;
}

/** Per API key settings of the knowledge base (`POST /__mock/memory/knowledge/config`). */
export interface KnowledgeConfig {
  progression: IngestProgression;
  /** `clock` progression: milliseconds from ingest to the terminal state. */
  ingestMs: number;
  /** The next ingestion fails with this documented reason, once. */
  failNext: string | null;
  /** Calls per rolling minute of each limited operation; 0 lifts the limit. */
  rateLimits: Record<KnowledgeLimited, number>;
}

/** The knowledge base of one API key; absent on a namespace until its first knowledge call. */
export interface KnowledgeBase {
  config: KnowledgeConfig;
  /** Sources by id, in ingest order. */
  sources: Map<string, KnowledgeSource>;
  /** Upload slots by token, in minting order. */
  slots: Map<string, UploadSlot>;
  /** Canonical markdown registered for opaque files: keys `sha256:<hex>` and `fileName:<name>`. */
  conversions: Map<string, string>;
  /** Ids of the sources still processing, in ingest order (what settling looks at). */
  pending: string[];
  /** Service times of the recent calls of each limited operation, oldest first, within the last minute. */
  calls: Record<KnowledgeLimited, number[]>;
  /** When content last became readable or changed (a completion or an update); null: never. */
  changedAt: number | null;
}
