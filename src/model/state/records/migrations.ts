/** The stored shape of a document migration (service-facts D14). */

/** Where a migration stands (service-facts D14). */
export type MigrationStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/** A document migration: one document moving to a new id, and where it stands. */
export interface MigrationRecord {
  migrationId: string;
  organizationId: string;
  documentId: string;
  newDocumentId: string;
  status: MigrationStatus;
  createdAt: number;
  /** Time of the last state change, for clock-driven progressions. */
  changedAt: number;
}
