/** The stored shape of knowledge sources (beyond-spec-4 4.3.0 C). */

/** One extracted rule of a rule-based source. */
export interface KnowledgeRule {
  id: string;
  content: string;
  category: string | null;
  index: number;
}

/** A knowledge source: an uploaded file, its canonical markdown and, when rule-based, its rules. */
export interface KnowledgeSourceRecord {
  id: string;
  sourceType: 'upload';
  fileName: string | null;
  mimeType: string;
  uploadedAt: number;
  sha256: string;
  embeddingStatus: 'processing' | 'completed' | 'failed';
  /** The winning source when these bytes duplicate an earlier one. */
  dedupOf?: string;
  ruleCount: number;
  chunkCount: number;
  version: number;
  metadata: { usedRawFallback: boolean };
  /** Internal: the canonical markdown, whether the source is rule-based, its rules and chunks. */
  markdown: string;
  isRuleBased: boolean;
  rules: KnowledgeRule[];
  chunks: string[];
  updatedAt: number;
}

/** The knowledge sources of one API key, in upload order. */
export interface KnowledgeState {
  sources: Map<string, KnowledgeSourceRecord>;
}
