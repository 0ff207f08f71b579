import { z } from 'zod';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

/** Memory insights, loaded on the first such call. */
const reads = () => import('../model/memory/reads.js');

/** `POST /v2/memory/profiles/get`: one reviewer aggregated from their judgments; `null` without `targetUserId` (4.3.13). */
export const getProfile = defineOperation({
  auth: 'apiKey',
  summary: 'Get a reviewer profile',
  message: null,
  issueDetails: true,
  schema: z.object({ targetUserId: z.string().optional() }),
  async run({ data, caller, model }) {
    if (data.targetUserId === undefined) return { data: null };
    return { data: (await reads()).reviewerProfile(namespaceOf(caller), data.targetUserId, model.clock.now()) };
  },
});

/** `POST /v2/memory/patterns/get`: decision patterns, most recently updated first, at most 100 (4.3.14). */
export const getPatterns = defineOperation({
  auth: 'apiKey',
  summary: 'Get decision patterns',
  message: null,
  issueDetails: true,
  schema: z.object({}),
  async run({ caller }) {
    return { data: (await reads()).decisionPatterns(namespaceOf(caller)) };
  },
});

/** `POST /v2/memory/stats/get`: judgments, reviewers, patterns and knowledge sources counted (4.3.15). */
export const getStats = defineOperation({
  auth: 'apiKey',
  summary: 'Get decision-memory statistics',
  message: null,
  issueDetails: true,
  schema: z.object({}),
  async run({ caller }) {
    return { data: (await reads()).memoryStats(namespaceOf(caller)) };
  },
});

/** `POST /v2/memory/alerts/list`: active alerts, newest first, after the approval-rate rule ran (4.3.16). */
export const listAlertsOp = defineOperation({
  auth: 'apiKey',
  summary: 'List trend alerts',
  message: null,
  issueDetails: true,
  schema: z.object({}),
  async run({ caller, model }) {
    return { data: (await reads()).listAlerts(model, namespaceOf(caller)) };
  },
});

/** `POST /v2/memory/alerts/dismiss`: hides an alert; an unknown id answers the documented 500 (4.3.17). */
export const dismissAlertOp = defineOperation({
  auth: 'apiKey',
  summary: 'Dismiss a trend alert',
  message: null,
  issueDetails: true,
  schema: z.object({ alertId: requiredString(), user: z.object({ uid: z.string().optional() }).optional() }),
  async run({ data, caller, model }) {
    return { data: (await reads()).dismissAlert(model, namespaceOf(caller), data.alertId, data.user?.uid) };
  },
});

/** `POST /v2/memory/alerts/action`: records the follow-up of an alert; an unknown id answers 500 (4.3.18). */
export const actionAlertOp = defineOperation({
  auth: 'apiKey',
  summary: 'Mark a trend alert actioned',
  message: null,
  issueDetails: true,
  schema: z.object({ alertId: requiredString() }),
  async run({ data, caller, model }) {
    return { data: (await reads()).actionAlert(model, namespaceOf(caller), data.alertId) };
  },
});

/** `POST /v2/memory/alerts/config/get`: the stored alert settings (4.3.19). */
export const getAlertConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Get the alert settings',
  message: null,
  issueDetails: true,
  schema: z.object({}),
  async run({ caller }) {
    return { data: (await reads()).alertConfig(namespaceOf(caller)) };
  },
});

/** `POST /v2/memory/alerts/config/update`: merges settings key by key; unknown keys are kept (4.3.20). */
export const updateAlertConfigOp = defineOperation({
  auth: 'apiKey',
  summary: 'Update the alert settings',
  message: null,
  issueDetails: true,
  schema: z.object({
    config: z.looseObject(
      {
        enabled: z.boolean().optional(),
        maxAlertsPerWeek: z
          .number()
          .int({ error: 'config.maxAlertsPerWeek must be a whole number of 0 or more.' })
          .min(0, { error: 'config.maxAlertsPerWeek must be a whole number of 0 or more.' })
          .optional(),
        enabledAlertTypes: z.array(z.string()).optional(),
        severityThreshold: z.enum(['high', 'medium', 'low']).optional(),
      },
      { error: (iss) => (iss.input === undefined ? 'config is required.' : 'config must be an object.') },
    ),
  }),
  async run({ data, caller, model }) {
    return { data: (await reads()).updateAlertConfig(model, namespaceOf(caller), data.config) };
  },
});
