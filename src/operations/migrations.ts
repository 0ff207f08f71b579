import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { pollMigration, startMigration } from '../model/migrations.js';
import { defineOperation, migrationPolicy, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

/** `POST /v2/organizations/documents/migrate`: starts moving a document's data to another document id (3.29). */
export const start = defineOperation({
  auth: 'apiKey',
  summary: 'Migrate a document to a new document id',
  message: 'Document migration started successfully.',
  schema: z
    .object({ organizationId: requiredString(), documentId: requiredString(), newDocumentId: requiredString() })
    .refine((d) => d.documentId !== d.newDocumentId, { error: 'newDocumentId must differ from documentId.' }),
  run({ data, caller, model, settings }) {
    const ns = namespaceOf(caller);
    if (!ns.organizations.get(data.organizationId)?.documents.has(data.documentId)) {
      throw new ServiceError('NOT_FOUND', 'Document not found.');
    }
    const migration = startMigration(model, ns, migrationPolicy(settings), data);
    return { data: { migrationId: migration.migrationId } };
  },
});

/** `POST /v2/organizations/documents/migrate/status`: the current state; the default progression then advances (D14). */
export const status = defineOperation({
  auth: 'apiKey',
  summary: 'Get the status of a document migration',
  message: 'Migration status retrieved successfully.',
  schema: z.object({ organizationId: requiredString(), migrationId: requiredString() }),
  run({ data, caller, model, settings }) {
    const answer = pollMigration(model, namespaceOf(caller), migrationPolicy(settings), data.organizationId, data.migrationId);
    if (!answer) throw new ServiceError('NOT_FOUND', 'Migration not found.');
    return { data: answer };
  },
});
