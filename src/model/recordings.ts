import type { Namespace } from './state/entities.js';
import { documentOf } from './state/record-fields.js';

/** Which recordings of an organization a read is about. */
export interface RecordingSelector {
  organizationId: string;
  documentId?: string | undefined;
  recordingIds?: readonly string[] | undefined;
}

const timeOf = (record: Record<string, unknown>): number => (typeof record['lastUpdated'] === 'number' ? record['lastUpdated'] : 0);

/**
 * Recorder annotations (service-facts 6.6) of an organization, newest first (ties: latest stored first), narrowed
 * by document and ids. Copies.
 * @example queryRecordings(ns, { organizationId: 'org', documentId: 'doc' })
 */
export function queryRecordings(ns: Namespace, selector: RecordingSelector): Record<string, unknown>[] {
  const org = ns.organizations.get(selector.organizationId);
  if (!org) return [];
  const ids = selector.recordingIds ? new Set(selector.recordingIds) : undefined;
  const matched = org.recordings.filter(
    (r) =>
      (selector.documentId === undefined || documentOf(r) === selector.documentId) &&
      (!ids || (typeof r['annotationId'] === 'string' && ids.has(r['annotationId']))),
  );
  return matched
    .map((record, index) => ({ record, index }))
    .sort((a, b) => timeOf(b.record) - timeOf(a.record) || b.index - a.index)
    .map(({ record }) => structuredClone(record));
}
