import { expectSuccess } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';

/** The document every agents suite runs against. */
export const AT = { organizationId: 'org_001', documentId: 'doc_001' } as const;

/** The seed page of the runs. */
export const PAGE = 'https://example.com/a';

/** A valid custom agent configuration, with overrides. */
export const agentBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Brand Consistency Checker',
  description: 'Validates brand terms',
  enabled: true,
  instructions: 'Never write "Acme Corp" on a page.',
  contextGathering: { strategies: ['web-page-text'] },
  execution: {},
  ...extra,
});

/** Creates the document the runs write to. */
export async function seedDocument(c: Client, at: { organizationId: string; documentId: string } = AT): Promise<void> {
  expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: at.organizationId, documents: [{ documentId: at.documentId }] }));
}

/** Creates a custom agent and answers its id. */
export async function createAgent(c: Client, extra: Record<string, unknown> = {}): Promise<string> {
  const result = expectSuccess(await c.post('/v2/agents/create', agentBody(extra)), 'Agent created successfully');
  return result.data.agentId as string;
}

/** Starts a run and answers its execution id. */
export async function runAgent(c: Client, agentId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const result = expectSuccess(await c.post('/v2/agents/execution/run', { agentId, url: PAGE, ...AT, ...extra }), 'Agent execution created successfully');
  return result.data.executionId as string;
}

/** Reads an execution (and its results when asked). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getExecution(c: Client, executionId: string, includeResults = false): Promise<any> {
  return expectSuccess(await c.post('/v2/agents/execution/get', { executionId, includeResults }), 'Execution fetched successfully').data;
}

/** Moves the service clock through the control plane. */
export async function advance(c: Client, ms: number): Promise<void> {
  await c.raw({ method: 'POST', path: '/__mock/clock/advance', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
}
