import type { Namespace, OrganizationRecord } from '../../src/model/state/entities.js';
import type { MockService } from '../../src/service.js';

/** The namespace of a service's seeded API key (created empty on first use), for reading the state directly. */
export function namespaceOf(service: Pick<MockService, 'model' | 'credentials'>): Namespace {
  return service.model.store.namespace(service.credentials.apiKey);
}

/** An organization of the seeded key's namespace, or undefined. */
export function orgOf(service: Pick<MockService, 'model' | 'credentials'>, organizationId: string): OrganizationRecord | undefined {
  return namespaceOf(service).organizations.get(organizationId);
}
