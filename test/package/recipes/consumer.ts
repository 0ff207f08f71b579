// A consumer of every entry point, type-checked with skipLibCheck: false in a project without yjs.
import { coverage, createMockService, createScenarioService, type JudgmentInit, loadYjs, type MockService } from 'collab-service-mock';
import { createHandlers } from 'collab-service-mock/msw';
import { listen, type RunningServer } from 'collab-service-mock/server';
import { installMockService, type MockServiceHandle } from 'collab-service-mock/testing';
import { type UseMockServiceOptions, useMockService } from 'collab-service-mock/vitest';

const service: MockService = createMockService({ seed: 1 });
const handlers = createHandlers(service, { baseUrl: 'https://api.example.test' });
const judgment: JudgmentInit = { content: 'Ad copy', decision: 'rejected', actionUser: { userId: 'u1' } };
const served: string[] = (await coverage()).served.map((entry) => entry.path);
const options: UseMockServiceOptions = { scenario: 'starter', forbiddenHosts: ['https://api.example.com'], onUnhandledRequest: 'error' };
const start = async (): Promise<RunningServer> => listen(await createScenarioService({ scenario: 'team' }), { port: 0 });
const hooks = { beforeAll() {}, beforeEach() {}, afterAll() {} };
const handle: MockServiceHandle = installMockService(hooks, options);

export { handle, handlers, judgment, loadYjs, served, start, useMockService };
