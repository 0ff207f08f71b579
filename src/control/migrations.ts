import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { advanceMigration, settleMigrations } from '../model/migrations.js';
import type { MigrationRecord } from '../model/state/entities.js';
import { migrationPolicy } from '../protocol/operation.js';
import { validate } from '../protocol/validate.js';
import { type ControlHandler, namespaceFor } from './context.js';

const advanceBody = z.object({
  apiKey: z.string().optional(),
  migrationId: z.string().min(1),
  to: z.enum(['pending', 'in_progress', 'completed', 'failed']).optional(),
});

const view = (apiKey: string, m: MigrationRecord): MigrationRecord & { apiKey: string } => ({ apiKey, ...m });

/** `GET /__mock/migrations`: every migration of every key, clock-driven ones brought up to date first. */
export const list: ControlHandler = (deps) => {
  const policy = migrationPolicy(deps.settings);
  const migrations: (MigrationRecord & { apiKey: string })[] = [];
  for (const ns of deps.model.store.tables.namespaces.values()) {
    settleMigrations(deps.model, ns, policy);
    for (const m of ns.migrations.values()) migrations.push(view(ns.apiKey, m));
  }
  return { mode: deps.settings.migrations, migrations };
};

/**
 * `POST /__mock/migrations/advance`: moves one migration explicitly — the only way forward under
 * `migrations: 'manual'`, and usable under every progression.
 */
export const advance: ControlHandler = (deps, { body }) => {
  const input = validate(advanceBody, body);
  const ns = namespaceFor(deps, input.apiKey);
  const outcome = advanceMigration(deps.model, ns, migrationPolicy(deps.settings), input.migrationId, input.to);
  if (!outcome.ok) throw new ServiceError(outcome.reason === 'not-found' ? 'NOT_FOUND' : 'FAILED_PRECONDITION', outcome.message);
  return view(ns.apiKey, outcome.migration);
};
