/** The stored shapes of presence and live state (beyond-spec 3.13, 3.14). */

/** A participant shown on a document through the REST presence operations (bots, AI agents). */
export interface PresenceRecord {
  userId: string;
  name?: string;
  email?: string;
  status: string;
  /** Milliseconds; the entry expires a fixed time after this. */
  lastUpdated: number;
  [field: string]: unknown;
}

/** The latest value broadcast under one live-state key of a document. */
export interface LiveStateRecord {
  liveStateDataId: string;
  data: Record<string, unknown>;
  /** Milliseconds. */
  updatedAt: number;
  /** How many broadcasts this key has had. */
  broadcasts: number;
}
