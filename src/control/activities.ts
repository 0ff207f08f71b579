import { addActivities, listActivities, type NewActivity } from '../model/activities.js';
import type { Namespace } from '../model/entities.js';
import { addActivitiesInput } from '../operations/activities.js';
import { ServiceError } from '../errors.js';
import { validate } from '../protocol/validate.js';
import { queryParams, type ControlDeps, type ControlHandler } from './control.js';

const EXAMPLE = '{"organizationId":"org1","activities":[{"id":"activity-001","featureType":"comment","actionType":"comment.add"}]}';

/** The namespace of an existing key; the control plane never creates namespaces for keys that do not exist. */
function namespaceFor(deps: ControlDeps, apiKey: string | undefined): Namespace {
  const key = apiKey ?? deps.credentials().apiKey;
  if (!deps.model.store.tables.apiKeys.has(key)) {
    throw new ServiceError('NOT_FOUND', `Unknown API key ${JSON.stringify(key)}. Leave apiKey out to use the default key.`);
  }
  return deps.model.store.namespace(key);
}

/**
 * `POST /__mock/activities` stores activity records (fixtures for `/v2/activities/update`); a refused body
 * stores nothing. `GET /__mock/activities?organizationId=...&apiKey=...` lists an organization's records.
 * @example await fetch(`${url}/__mock/activities`, { method: 'POST', body: JSON.stringify({ organizationId, activities }) })
 */
export const activityControlRoutes: Readonly<Record<string, ControlHandler>> = {
  'POST /__mock/activities': (deps, body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ServiceError('INVALID_ARGUMENT', `The body must be a JSON object, e.g. ${EXAMPLE}.`);
    }
    const input = validate(addActivitiesInput, body);
    const ns = namespaceFor(deps, input.apiKey);
    const stored = addActivities(deps.model, ns, input.organizationId, input.activities as NewActivity[]);
    return { apiKey: ns.apiKey, organizationId: input.organizationId, activities: stored };
  },
  'GET /__mock/activities': (deps, _body, call) => {
    const query = queryParams(call);
    const organizationId = query.get('organizationId');
    if (!organizationId) {
      throw new ServiceError('INVALID_ARGUMENT', 'organizationId is required, e.g. GET /__mock/activities?organizationId=org1.');
    }
    const ns = namespaceFor(deps, query.get('apiKey') ?? undefined);
    return { apiKey: ns.apiKey, organizationId, activities: listActivities(ns, organizationId) };
  },
};
