import type { JudgmentColumns } from './columns.js';
import { decisionSides } from './sides.js';

/** A rung of the scope ladder (service-facts 5.3). */
export type Scope = 'document' | 'organization' | 'apiKey';

/**
 * Reads one request's scopes and sides off the columns.
 * @example new Reader(columns, { query, organizationId }).inScope(doc, 'organization')
 */
export class Reader {
  readonly #columns: JudgmentColumns;
  /** 0: neither side, 1: approve, 2: reject, by decision number. */
  readonly sides: Int8Array;
  readonly #organization: number;
  readonly #document: number;

  constructor(columns: JudgmentColumns, request: { organizationId?: string | undefined; documentId?: string | undefined }) {
    this.#columns = columns;
    this.sides = decisionSides(columns.decisions);
    // -2 matches no judgment: one without an organization (or document) holds -1.
    this.#organization = request.organizationId === undefined ? -2 : (columns.organizations.get(request.organizationId) ?? -2);
    this.#document = request.documentId === undefined ? -2 : (columns.documents.get(request.documentId) ?? -2);
  }

  side(doc: number): number {
    return this.sides[this.#columns.decision[doc] as number] as number;
  }

  /** The narrowest scope holding a judgment: 2 the request's document, 1 its organization, 0 only the whole key. */
  depth(doc: number): number {
    if (this.#columns.organization[doc] !== this.#organization) return 0;
    return this.#columns.document[doc] === this.#document ? 2 : 1;
  }

  inScope(doc: number, scope: Scope): boolean {
    if (scope === 'apiKey') return true;
    if (this.#columns.organization[doc] !== this.#organization) return false;
    return scope === 'organization' || this.#columns.document[doc] === this.#document;
  }
}
