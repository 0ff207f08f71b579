/**
 * Growth of agent execution reads: a get by id, the newest page by agent and by document, a page deep in the list (by
 * page token) and a count, at 1k → 100k executions of one key. Each reads through the execution indexes.
 */
import { noteExecution } from '../../src/model/agents/execution-index.js';
import { agentsForWrite } from '../../src/model/agents/state.js';
import type { AgentExecutionRecord } from '../../src/model/state/records/agents.js';
import { createMockService } from '../../src/service.js';
import { timeIt } from './core.js';
import type { GrowthRow } from './growth.js';

type Service = ReturnType<typeof createMockService>;

const call = (service: Service, path: string, data: unknown) => () =>
  service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) });

const AGENTS = ['spell-check', 'grammar-check', 'broken-links', 'pii-detection', 'lorem-ipsum'];

/** Documents the executions are spread over: few enough that one document fills a 20-execution page at the smallest size. */
const DOCUMENTS = 20;

/** A finished execution as the engine stores it, the i-th of the series (one per millisecond, agents and documents in turn). */
function execution(i: number): AgentExecutionRecord {
  const agentId = AGENTS[i % AGENTS.length] as string;
  const startedAt = 1_767_225_600_000 + i;
  return {
    id: `exec_${startedAt}_${agentId}`,
    agentId,
    agentName: agentId,
    metadata: { organizationId: 'org', documentId: `doc-${i % DOCUMENTS}` },
    config: { seedUrl: 'https://example.com/a', crossPageExecute: false, maxUrlsToProcess: 50, deviceType: 'desktop' },
    status: 'passed',
    startedAt,
    completedAt: startedAt + 1000,
    durationMs: 1000,
    trigger: 'standalone',
    workflowExecutionId: null,
    previousExecutionId: null,
    ranBy: { userId: '', name: '', email: '' },
    resultsSummary: {
      totalFindings: 0,
      totalAnnotationsCreated: 0,
      urlsProcessed: 1,
      urlsWithFindings: 0,
      issuesCreated: 0,
      summary: 'Found 0 issues across 1 page. 0 annotations created.',
    },
    tokenUsage: { promptTokens: 500, completionTokens: 50, thoughtsTokens: 0, totalTokens: 550 },
  };
}

/**
 * Agent executions: get one, the newest 20 by agent and by document, 20 after a page token half-way down, and a count.
 * @example const rows = await agentsGrowth([1_000, 10_000]);
 */
export async function agentsGrowth(sizes: readonly number[]): Promise<GrowthRow[]> {
  const service = createMockService();
  const ns = service.model.store.namespace(service.credentials.apiKey);
  const rows = { get: [] as number[], agent: [] as number[], document: [] as number[], deep: [] as number[], count: [] as number[] };
  let have = 0;
  for (const size of sizes) {
    const state = agentsForWrite(service.model, ns);
    for (let i = have; i < size; i++) noteExecution(service.model, state, execution(i));
    // The bench's writes are history nobody will undo: keep the undo log from holding every one of them.
    service.model.store.rebase();
    have = size;
    const middle = execution(Math.floor(size / 2) - (Math.floor(size / 2) % AGENTS.length));
    const token = Buffer.from(JSON.stringify({ startedAt: middle.startedAt, id: middle.id })).toString('base64url');
    rows.get.push(await timeIt(call(service, '/v2/agents/execution/get', { executionId: middle.id }), 60));
    rows.agent.push(await timeIt(call(service, '/v2/agents/execution/list', { agentId: 'spell-check', pageSize: 20 }), 30));
    rows.document.push(await timeIt(call(service, '/v2/agents/execution/list', { organizationId: 'org', documentId: 'doc-0', pageSize: 20 }), 30));
    rows.deep.push(await timeIt(call(service, '/v2/agents/execution/list', { agentId: 'spell-check', pageSize: 20, pageToken: token }), 30));
    rows.count.push(await timeIt(call(service, '/v2/agents/execution/count', { status: 'passed' }), 60));
  }
  return [
    { cost: 'agents/execution/get, one execution', sizes: [...sizes], ms: rows.get, exponent: 0, budget: 0.25 },
    { cost: 'agents/execution/list, newest 20 of an agent', sizes: [...sizes], ms: rows.agent, exponent: 0, budget: 0.25 },
    { cost: 'agents/execution/list, newest 20 of a document', sizes: [...sizes], ms: rows.document, exponent: 0, budget: 0.25 },
    { cost: 'agents/execution/list, 20 after a mid-list page token', sizes: [...sizes], ms: rows.deep, exponent: 0, budget: 0.25 },
    { cost: 'agents/execution/count, by status over the key', sizes: [...sizes], ms: rows.count, exponent: 0, budget: 0.25 },
  ];
}
