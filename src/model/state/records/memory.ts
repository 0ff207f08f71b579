/** The stored shape of a decision-memory judgment. */

/** A judgment a reviewer made, with the text that was judged (service-facts 3.42, emulator form). */
export interface JudgmentRecord {
  recordId: string;
  content: string;
  reasoning: string;
  decision: string;
  confidence: number;
  judgeType: 'human' | 'agent';
  contentType: string;
  actionUser: { userId: string; name?: string; email?: string };
  createdAt: number;
  organizationId?: string;
  documentId?: string;
  agent: Record<string, unknown> | null;
  /** The comment thread the judgment belongs to (memory filters and queries read it). */
  annotationId?: string;
  /** Issues the reviewer flagged, e.g. `missing-citation` (reviewer profiles count them). */
  flags?: string[];
}
