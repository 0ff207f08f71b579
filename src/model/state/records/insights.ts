/** The stored shapes of decision-memory insights: alerts, seeded patterns, profile extras, scripted answers (beyond-spec-4 4.3.0 D). */

/** A trend alert of one API key; `active` until dismissed or actioned, never active again. */
export interface AlertRecord {
  id: string;
  apiKey: string;
  alertType: string;
  severity: 'high' | 'medium' | 'low';
  title: string;
  description: string;
  evidence: Record<string, unknown>;
  suggestedAction?: string;
  actionUrl: string | null;
  status: 'active' | 'dismissed' | 'actioned';
  createdAt: number;
  dismissedAt: number | null;
  dismissedBy: string | null;
  dedupKey?: string;
  actionedAt: number | null;
}

/** A decision pattern as patterns/get returns it (seeded ones are stored as given). */
export interface PatternRecord {
  scope: 'apiKey' | 'org';
  organizationId?: string;
  description: string;
  confidence: number;
  sourceCount: number;
  contentType: string;
  category: string;
  discoveredAt: number;
  updatedAt: number;
  enforcementRate?: number;
  uniqueReviewers?: number;
  topSourceRecordIds?: string[];
}

/** A shift in a reviewer's standards, as profiles list it. */
export interface EvolvedStandard {
  topic: string;
  shiftDate: number;
  oldPattern: string;
  newPattern: string;
}

/** Seeded extras of one reviewer's profile, overriding the derived values. */
export interface ProfileExtras {
  twinAccuracy?: number | null;
  evolvedStandards?: EvolvedStandard[];
}

/** A scripted answer of ask for one exact question. */
export interface ScriptedAnswer {
  answer: string;
  citations: { recordId: string; snippet: string }[];
  confidence: number;
}

/** Insights state of one API key; absent on a namespace until its first write. */
export interface MemoryInsights {
  /** Alerts by id, in creation order. */
  alerts: Map<string, AlertRecord>;
  /** The stored alert settings (`{ enabled: true }` until the first update); never consulted by generation. */
  alertConfig: Record<string, unknown>;
  /** Whether listing alerts runs the approval-rate rule. */
  derivedAlerts: boolean;
  /** Patterns seeded through the control plane, listed beside the derived ones. */
  patterns: PatternRecord[];
  /** Profile extras by reviewer id. */
  profiles: Map<string, ProfileExtras>;
  /** Scripted ask answers by exact question. */
  answers: Map<string, ScriptedAnswer>;
}
