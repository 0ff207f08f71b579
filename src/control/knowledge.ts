import { z } from 'zod';
import { seedAlerts, seedAnswers, seedPatterns, seedProfiles, setDerivedAlerts } from '../harness/insights.js';
import { completeIngestion, configureKnowledge, registerConversions } from '../harness/knowledge.js';
import { scriptRewriter } from '../harness/rewriter.js';
import { validate } from '../protocol/validate.js';
import { type ControlHandler, namespaceFor } from './context.js';

const apiKey = z.string({ error: 'apiKey must be a string.' }).optional();

/** A body of `{ <list>: [...] }` with an optional `apiKey`, and nothing else. */
const listBody = <K extends string>(key: K, example: string) => {
  const shape = `The body must be {"${key}": [...]}, optionally with "apiKey" (default: the seeded key); e.g. ${example}.`;
  return z.strictObject({ apiKey, [key]: z.array(z.unknown(), { error: shape }) } as { apiKey: typeof apiKey } & Record<K, z.ZodArray<z.ZodUnknown>>, {
    error: shape,
  });
};

/** The body without its `apiKey`, and the namespace it names. */
function split(deps: Parameters<ControlHandler>[0], body: unknown) {
  const { apiKey: key, ...rest } = validate(z.looseObject({ apiKey }, { error: 'The body must be a JSON object.' }), body ?? {});
  return { ns: namespaceFor(deps, key), rest };
}

/** `POST /__mock/memory/knowledge/config` `{ progression?, ingestMs?, failNext?, rateLimits?, apiKey? }`: a key's knowledge settings. */
export const config: ControlHandler = (deps, { body }) => {
  const { ns, rest } = split(deps, body);
  return configureKnowledge(deps.model, ns, rest);
};

/** `POST /__mock/memory/knowledge/conversions` `{ conversions: [{ sha256? | fileName?, markdown }], apiKey? }`. */
export const conversions: ControlHandler = (deps, { body }) => {
  const input = validate(listBody('conversions', '{"conversions": [{"fileName": "brand.pdf", "markdown": "# Brand\\n"}]}'), body);
  return registerConversions(deps.model, namespaceFor(deps, input.apiKey), input['conversions']);
};

/** `POST /__mock/memory/knowledge/complete` `{ sourceId, failureReason?, apiKey? }`: ends a processing ingestion now. */
export const complete: ControlHandler = (deps, { body }) => {
  const { ns, rest } = split(deps, body);
  return completeIngestion(deps.model, ns, rest);
};

/** `POST /__mock/memory/patterns` `{ patterns: [...], apiKey? }`: patterns listed beside the derived ones. */
export const patterns: ControlHandler = (deps, { body }) => {
  const input = validate(listBody('patterns', '{"patterns": [{"scope": "apiKey", "description": "...", ...}]}'), body);
  return seedPatterns(deps.model, namespaceFor(deps, input.apiKey), input['patterns']);
};

const ALERTS_SHAPE = 'The body must be {"alerts": [...]} and/or {"derivedAlerts": false}, optionally with "apiKey" (default: the seeded key).';
const alertsBody = z.strictObject(
  {
    apiKey,
    alerts: z.array(z.unknown(), { error: ALERTS_SHAPE }).optional(),
    derivedAlerts: z.boolean({ error: 'derivedAlerts must be true or false.' }).optional(),
  },
  { error: ALERTS_SHAPE },
);

/** `POST /__mock/memory/alerts` `{ alerts?: [...], derivedAlerts?, apiKey? }`: stores alerts, switches the derived rule. */
export const alerts: ControlHandler = (deps, { body }) => {
  const input = validate(alertsBody, body);
  const ns = namespaceFor(deps, input.apiKey);
  const stored = input.alerts === undefined ? [] : seedAlerts(deps.model, ns, input.alerts);
  if (input.derivedAlerts !== undefined) setDerivedAlerts(deps.model, ns, input.derivedAlerts);
  return { alerts: stored, derivedAlerts: ns.insights?.derivedAlerts ?? true };
};

/** `POST /__mock/memory/profiles` `{ profiles: [{ userId, twinAccuracy?, evolvedStandards? }], apiKey? }`. */
export const profiles: ControlHandler = (deps, { body }) => {
  const input = validate(listBody('profiles', '{"profiles": [{"userId": "u_sarah", "twinAccuracy": 0.81}]}'), body);
  return seedProfiles(deps.model, namespaceFor(deps, input.apiKey), input['profiles']);
};

/** `POST /__mock/memory/ask/answers` `{ answers: [{ question, answer, citations?, confidence? }], apiKey? }`. */
export const answers: ControlHandler = (deps, { body }) => {
  const input = validate(listBody('answers', '{"answers": [{"question": "...", "answer": "..."}]}'), body);
  return seedAnswers(deps.model, namespaceFor(deps, input.apiKey), input['answers']);
};

/** `POST /__mock/rewriter/responses` `{ responses?: [{ model?, prompt?, textContains?, text }], builtInKeys?, apiKey? }`. */
export const rewriterResponses: ControlHandler = (deps, { body }) => {
  const { ns, rest } = split(deps, body);
  return scriptRewriter(deps.model, ns, rest);
};
