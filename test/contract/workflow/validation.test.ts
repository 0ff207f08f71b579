// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { define, docSignoff, expectInvalid, human, notify } from './helpers.js';

const CREATE = '/v2/workflow/definitions/create';

/** A definition around some nodes and edges. */
const graph = (nodes: unknown[], edges: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  definitionId: 'checked-def',
  name: 'Checked',
  nodes,
  edges,
  ...extra,
});

/** Creates and expects a refusal that changed nothing; returns the error body. */
async function refused(c: Client, definition: unknown, status = 'INVALID_ARGUMENT'): Promise<any> {
  const before = fingerprint(c.service);
  const reply = await c.post(CREATE, definition);
  expect(reply.body.error?.status, reply.text).toBe(status);
  expect(fingerprint(c.service)).toBe(before);
  return reply.body.error;
}

/** A webhook node. */
const hook = (nodeId: string, config: Record<string, unknown> = {}) => ({ nodeId, type: 'webhook', config: { url: 'https://hooks.example.com/x', ...config } });

/** A human node with a reject route to a notification, so only the rule under test can fail. */
const reviewed = (config: Record<string, unknown>) => graph([{ nodeId: 'h', type: 'human', config }, notify('n')], [{ from: 'h', to: 'n', on: 'reject' }]);

forEachTransport('workflow definition validation (4.2.0 B)', (fresh) => {
  it('stage 1, schema: every issue in details.issues, the first as message, documented codes', async () => {
    const c = fresh();
    const error = await refused(c, { definitionId: 'AB', nodes: [{ nodeId: 'x', type: 'robot' }], edges: 'none', extra: 1 });
    expect(error.message).toBe('definitionId must match ^[a-z0-9][a-z0-9-]{2,63}$ (lowercase letters, digits and hyphens, 3 to 64 characters).');
    expect(error.details.issues).toEqual([
      {
        code: 'invalid_string',
        path: ['definitionId'],
        message: 'definitionId must match ^[a-z0-9][a-z0-9-]{2,63}$ (lowercase letters, digits and hyphens, 3 to 64 characters).',
      },
      { code: 'invalid_type', path: ['name'], message: 'name is required.' },
      { code: 'invalid_union_discriminator', path: ['nodes', 0, 'type'], message: 'nodes[0].type must be one of agent, human, notification, webhook.' },
      { code: 'invalid_type', path: ['edges'], message: 'edges must be an array.' },
      { code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'extra'" },
    ]);
  });

  it('stage 1: null for an optional field, unknown keys inside a node config, enums and ranges', async () => {
    const c = fresh();
    expect((await refused(c, { ...docSignoff(), description: null })).details.issues).toEqual([
      { code: 'invalid_type', path: ['description'], message: 'description cannot be null; leave it out instead.' },
    ]);
    const strictConfig = await refused(c, graph([{ nodeId: 'w', type: 'webhook', config: { url: 'https://x.example.com', retries: 3 } }]));
    expect(strictConfig.details.issues).toEqual([
      { code: 'unrecognized_keys', path: ['nodes', 0, 'config'], message: "nodes[0].config: Unrecognized key(s) in object: 'retries'" },
    ]);
    const badEnum = await refused(c, graph([hook('w', { method: 'PUT' })]));
    expect(badEnum.details.issues).toEqual([
      { code: 'invalid_enum_value', path: ['nodes', 0, 'config', 'method'], message: 'nodes[0].config.method must be one of GET, POST.' },
    ]);
    expect((await refused(c, graph([{ ...hook('w'), slaMs: 604_800_001 }]))).details.issues[0]).toMatchObject({ code: 'too_big', path: ['nodes', 0, 'slaMs'] });
    expect((await refused(c, graph([]))).message).toBe('nodes must contain at least 1 item.');
    const loop = await refused(c, graph([hook('w')], [{ from: 'w', to: 'w', on: 'reject', loop: { maxIterations: 21 } }]));
    expect(loop.details.issues[0]).toMatchObject({ code: 'too_big', path: ['edges', 0, 'loop', 'maxIterations'] });
  });

  const rules: [string, () => unknown, string][] = [
    ['human config without reviewers', () => reviewed({}), 'at least one of reviewerIds or reviewers must be provided'],
    [
      'both reviewerIds and reviewers',
      () => reviewed({ reviewerIds: ['a'], reviewers: [{ userId: 'b', mandatory: true }] }),
      'cannot set both reviewerIds and reviewers, use one',
    ],
    [
      'a repeated reviewer',
      () =>
        reviewed({
          reviewers: [
            { userId: 'a', mandatory: true },
            { userId: 'a', mandatory: false },
          ],
        }),
      'reviewer userIds must be unique',
    ],
    ['no mandatory reviewer', () => reviewed({ reviewers: [{ userId: 'a', mandatory: false }] }), 'reviewers must include at least one mandatory reviewer'],
    [
      'an e-mail notification without recipients',
      () => graph([{ nodeId: 'n', type: 'notification', config: { channel: 'email', bodyTemplate: 'x', recipients: [] } }]),
      'notification node with channel="email" requires a non-empty recipients array',
    ],
    [
      'a Slack notification without a target',
      () => graph([{ nodeId: 'n', type: 'notification', config: { channel: 'slack', bodyTemplate: 'x' } }]),
      'notification node with channel="slack" requires a slackTarget (channel id or incoming-webhook URL)',
    ],
    [
      'token auth without a header name',
      () => graph([hook('w', { authMode: 'token' })]),
      'webhook node with authMode="token" requires authTokenHeader to be set',
    ],
    [
      'an agent without url or urlPath',
      () => graph([{ nodeId: 'a', type: 'agent', config: { agentId: 'x' } }]),
      'agent node requires either a static "url" or a "urlPath"',
    ],
    [
      'a receiver over http',
      () => ({ ...docSignoff(), webhookConfig: { url: 'http://hooks.example.com', secret: 's'.repeat(16) } }),
      'webhookUrl must use https scheme',
    ],
    [
      'a receiver on a link-local address',
      () => ({ ...docSignoff(), webhookConfig: { url: 'https://169.254.169.254/latest', secret: 's'.repeat(16) } }),
      'webhookUrl host resolves to a private, loopback, or link-local address',
    ],
    [
      'a GitHub inbound webhook with bearer auth',
      () => ({ ...docSignoff(), triggers: [{ triggerId: 't', inboundWebhook: { provider: 'github', authMode: 'bearer', secret: 's'.repeat(16) } }] }),
      'inboundWebhook provider="github"/"vercel"/"custom" requires authMode="hmac"',
    ],
    [
      'a custom inbound webhook without its signature settings',
      () => ({ ...docSignoff(), triggers: [{ triggerId: 't', inboundWebhook: { provider: 'custom', secret: 's'.repeat(16) } }] }),
      'inboundWebhook with provider="custom" and authMode="hmac" requires signatureHeader and signatureAlgorithm',
    ],
    [
      'a four-field cron',
      () => ({ ...docSignoff(), triggers: [{ triggerId: 't', schedule: { cron: '0 9 * *', timezone: 'UTC' } }] }),
      'schedule.cron must be a valid 5-field cron expression',
    ],
    [
      'an unknown time zone',
      () => ({ ...docSignoff(), triggers: [{ triggerId: 't', schedule: { cron: '0 9 * * 1-5', timezone: 'Mars/Olympus' } }] }),
      'schedule.timezone must be a valid IANA timezone name (e.g. America/Los_Angeles)',
    ],
  ];
  for (const [name, body, message] of rules) {
    it(`stage 2 refuses ${name}: "${message}" with a custom issue`, async () => {
      const c = fresh();
      const error = await refused(c, body());
      expect(error.message).toBe(message);
      expect(error.details.issues[0]).toMatchObject({ code: 'custom', message });
    });
  }

  it('stage 2 guards every internal address form of a receiver or webhook node', async () => {
    const c = fresh();
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '[::1]',
      '[fe80::1]',
      'metadata',
      'metadata.google.internal',
      'db.internal',
      '0.0.0.0',
    ]) {
      const error = await refused(c, graph([hook('w', { url: `https://${host}/hook` })]));
      expect(error.message, host).toBe('webhook node url host resolves to a private, loopback, or link-local address');
    }
    expect((await refused(c, graph([hook('w', { url: 'http://hooks.example.com' })]))).message).toBe('webhook node url must use https scheme');
  });

  const contract: [string, () => unknown, string][] = [
    [
      'a human node without a reject route',
      () => graph([human('h'), notify('n')], [{ from: 'h', to: 'n', on: 'approve' }]),
      'every human node must have at least one outgoing edge with on="reject" (a forward reject route or a reject back-edge): h',
    ],
    [
      'a custom edge without when',
      () => graph([notify('a'), notify('b')], [{ from: 'a', to: 'b', on: 'custom' }]),
      'edge with on="custom" requires a non-empty "when": a->b',
    ],
    [
      'when on a non-custom edge',
      () => graph([notify('a'), notify('b')], [{ from: 'a', to: 'b', when: '{}' }]),
      '"when" is only valid on edges with on="custom": a->b',
    ],
    [
      'a when that is not a JSON-AST',
      () => graph([notify('a'), notify('b')], [{ from: 'a', to: 'b', on: 'custom', when: 'output.decision == "approve"' }]),
      '"when" must be a JSON-AST string: a->b',
    ],
    [
      'loop on an approve edge',
      () => graph([notify('a'), notify('b')], [{ from: 'a', to: 'b', on: 'approve', loop: { maxIterations: 2 } }]),
      '"loop" is only valid on edges with on="reject": a->b',
    ],
    [
      'an edge between two groups',
      () =>
        graph([notify('a'), notify('b')], [{ from: { kind: 'group', groupId: 'g1' }, to: { kind: 'group', groupId: 'g2' } }], {
          groups: [
            { groupId: 'g1', memberNodeIds: ['a'], expectedSteps: 1, quorum: 1 },
            { groupId: 'g2', memberNodeIds: ['b'], expectedSteps: 1, quorum: 1 },
          ],
        }),
      'edges between two groups are not allowed: g1->g2',
    ],
    [
      'a loop edge pointing forward',
      () => graph([human('h'), notify('n')], [{ from: 'h', to: 'n', on: 'reject', loop: { maxIterations: 2 } }]),
      'a loop edge must point to an ancestor of its source: h->n',
    ],
    [
      'a reject edge back to an ancestor without loop',
      () =>
        graph(
          [notify('a'), human('h')],
          [
            { from: 'a', to: 'h' },
            { from: 'h', to: 'a', on: 'reject' },
          ],
        ),
      'a reject edge to an ancestor must declare "loop": h->a',
    ],
    [
      'an exhausted route without a loop',
      () =>
        graph(
          [human('h'), notify('n'), notify('x')],
          [
            { from: 'h', to: 'n', on: 'reject' },
            { from: 'h', to: 'x', on: 'exhausted' },
          ],
        ),
      'on="exhausted" requires a reject loop edge from the same source: h',
    ],
    [
      'a forward reject edge from a joinOnQuorum group',
      () =>
        graph([human('h1'), human('h2'), notify('n')], [{ from: { kind: 'group', groupId: 'g' }, to: 'n', on: 'reject' }], {
          groups: [{ groupId: 'g', memberNodeIds: ['h1', 'h2'], expectedSteps: 2, quorum: 2, onQuorumMet: 'joinOnQuorum' }],
        }),
      'a forward reject edge from a joinOnQuorum or cancelOnQuorum group never fires: g',
    ],
    [
      'a reject loop from a waitAll group',
      () =>
        graph(
          [notify('start'), human('h1'), human('h2')],
          [
            { from: 'start', to: { kind: 'group', groupId: 'g' } },
            { from: { kind: 'group', groupId: 'g' }, to: 'start', on: 'reject', loop: { maxIterations: 2 } },
          ],
          {
            groups: [{ groupId: 'g', memberNodeIds: ['h1', 'h2'], expectedSteps: 2, quorum: 2 }],
          },
        ),
      'a reject loop edge from a group requires onQuorumMet="joinOnQuorum": g',
    ],
    [
      'a trigger of two kinds',
      () => ({
        ...docSignoff(),
        triggers: [{ triggerId: 'both', schedule: { cron: '0 9 * * *', timezone: 'UTC' }, inboundWebhook: { secret: 's'.repeat(16) } }],
      }),
      'a trigger may declare only one of inboundWebhook, schedule, appTrigger: both',
    ],
    [
      'slack-blocks on an e-mail notification',
      () =>
        graph([{ nodeId: 'n', type: 'notification', config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: '[]', format: 'slack-blocks' } }]),
      'format="slack-blocks" requires channel="slack": n',
    ],
  ];
  for (const [name, body, message] of contract) {
    it(`stage 3 refuses ${name}, without details`, async () => {
      const c = fresh();
      const error = await refused(c, body());
      expect(error).toEqual({ status: 'INVALID_ARGUMENT', message });
    });
  }

  it('stage 4, linter: every finding as a JSON array after "Definition linter failed: ", in the documented order', async () => {
    const c = fresh();
    const error = await refused(
      c,
      graph(
        [notify('a'), notify('b'), notify('c'), notify('a'), { nodeId: 'bare', type: 'webhook' }, { ...notify('sla'), slaMs: 1000 }, notify('after')],
        [
          { from: 'b', to: 'c' },
          { from: 'c', to: 'b' },
          { from: 'a', to: 'ghost' },
          { from: 'sla', to: 'after', on: 'approve' },
        ],
      ),
    );
    expect(error.details).toBeUndefined();
    expect(error.message.startsWith('Definition linter failed: ')).toBe(true);
    const findings = JSON.parse(error.message.slice('Definition linter failed: '.length));
    expect(findings.map((f: any) => [f.code, f.nodeId ?? f.groupId])).toEqual([
      ['duplicate-node-id', 'a'],
      ['dangling-edge', 'ghost'],
      ['cycle-detected', 'b'],
      ['unreachable-node', 'b'],
      ['unreachable-node', 'c'],
      ['node-missing-config', 'bare'],
      ['missing-breach-edge', 'sla'],
    ]);
    expect(findings[0]).toEqual({ code: 'duplicate-node-id', message: 'a nodeId is declared more than once', nodeId: 'a' });
  });

  it('stage 4, linter: group shapes', async () => {
    const c = fresh();
    const error = await refused(
      c,
      graph([notify('a'), notify('b'), notify('c')], [{ from: 'a', to: { kind: 'group', groupId: 'g1' } }], {
        groups: [
          { groupId: 'g1', memberNodeIds: ['b', 'ghost'], expectedSteps: 2, quorum: 3, requiredNodeIds: ['a'] },
          { groupId: 'g1', memberNodeIds: [], expectedSteps: 0, quorum: 1 },
          { groupId: 'g3', memberNodeIds: ['b', 'c'], expectedSteps: 2, quorum: 2, onQuorumMet: 'cancelOnQuorum', requiredNodeIds: ['b', 'c', 'b'] },
        ],
      }),
    );
    const findings = JSON.parse(error.message.slice('Definition linter failed: '.length));
    expect(findings.filter((f: any) => f.code.startsWith('group-')).map((f: any) => [f.code, f.groupId, f.nodeId])).toEqual([
      ['group-duplicate-id', 'g1', undefined],
      ['group-members-empty', 'g1', undefined],
      ['group-member-missing', 'g1', 'ghost'],
      ['group-expected-steps-invalid', 'g1', undefined],
      ['group-quorum-invalid', 'g1', undefined],
      ['group-cancelonquorum-requires-quorum-lt-expected', 'g3', undefined],
      ['group-required-not-in-members', 'g1', 'a'],
      ['group-required-exceeds-quorum', 'g3', undefined],
      ['group-node-in-multiple-groups', 'g3', 'b'],
    ]);
  });

  it('stage 4, linter: loop shapes and joinOnQuorum successors', async () => {
    const c = fresh();
    const error = await refused(
      c,
      graph(
        [notify('start'), human('h1'), human('h2'), notify('x'), notify('y')],
        [
          { from: 'start', to: { kind: 'group', groupId: 'g' } },
          { from: 'h1', to: 'x' },
          { from: 'h2', to: 'y' },
          { from: { kind: 'group', groupId: 'g' }, to: 'start', on: 'reject', loop: { maxIterations: 2 } },
        ],
        { groups: [{ groupId: 'g', memberNodeIds: ['h1', 'h2'], expectedSteps: 2, quorum: 1, onQuorumMet: 'joinOnQuorum' }] },
      ),
    );
    const codes = JSON.parse(error.message.slice('Definition linter failed: '.length)).map((f: any) => f.code);
    expect(codes).toEqual(['group-joinonquorum-members-must-share-successors', 'loop-group-bounded-quorum-must-equal-expected']);
    const single = await refused(
      c,
      graph(
        [notify('draft'), human('mid'), notify('out'), human('end')],
        [
          { from: 'draft', to: 'mid' },
          { from: 'mid', to: 'end', on: 'approve' },
          { from: 'mid', to: 'out', on: 'reject' },
          { from: 'end', to: 'draft', on: 'reject', loop: { maxIterations: 3 } },
        ],
      ),
    );
    expect(JSON.parse(single.message.slice('Definition linter failed: '.length))).toEqual([
      { code: 'loop-body-must-have-single-terminal', message: 'a loop body must leave through its terminal node only', nodeId: 'mid' },
    ]);
  });

  it('answers a duplicate nodeId at the linter stage, after the rule and edge checks', async () => {
    const c = fresh();
    const duplicate = await refused(c, { ...docSignoff(), nodes: [...docSignoff().nodes, notify('notify-author')] });
    expect(JSON.parse(duplicate.message.slice('Definition linter failed: '.length))).toEqual([
      { code: 'duplicate-node-id', message: 'a nodeId is declared more than once', nodeId: 'notify-author' },
    ]);
    const both = await refused(c, { ...docSignoff(), nodes: [...docSignoff().nodes, human('manager-approval', [])] });
    expect(both.message).toBe('at least one of reviewerIds or reviewers must be provided');
  });

  it('compiles a loop with its body and exhausted route, and keeps exhausted targets out of the roots', async () => {
    const c = fresh();
    const view = await define(
      c,
      graph(
        [notify('draft'), human('review'), notify('publish'), notify('escalate')],
        [
          { from: 'draft', to: 'review' },
          { from: 'review', to: 'publish', on: 'approve' },
          { from: 'review', to: 'draft', on: 'reject', loop: { maxIterations: 3 } },
          { from: 'review', to: 'escalate', on: 'exhausted' },
        ],
      ),
    );
    expect(view.compiled.loops).toEqual([
      { loopId: 'loop_review__draft', entryNodeId: 'draft', bodyNodeIds: ['draft', 'review'], maxIterations: 3, onExhausted: { routeToNodeId: 'escalate' } },
    ]);
    expect(view.compiled.forwardEdges.map((e: any) => `${e.from}->${e.to}`)).toEqual(['draft->review', 'review->publish']);
  });

  it('dispatch refuses an unpaired or unsafe receiver with the documented literals', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const before = fingerprint(c.service);
    const post = (data: Record<string, unknown>) => c.post('/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff', ...data });
    expectInvalid(await post({ webhookUrl: 'https://hooks.example.com' }), 'webhookUrl and webhookSecret must be provided together');
    expectInvalid(await post({ webhookSecret: 's'.repeat(16) }), 'webhookUrl and webhookSecret must be provided together');
    expectInvalid(await post({ webhookUrl: 'http://hooks.example.com', webhookSecret: 's'.repeat(16) }), 'webhookUrl must use https scheme');
    expectInvalid(
      await post({ webhookUrl: 'https://metadata.google.internal/x', webhookSecret: 's'.repeat(16) }),
      'webhookUrl host resolves to a private, loopback, or link-local address',
    );
    expectInvalid(await post({ webhookUrl: 'https://hooks.example.com', webhookSecret: 'short' }), /^webhookSecret/);
    expectInvalid(await post({ idempotencyKey: 'has space' }), 'idempotencyKey must match ^[A-Za-z0-9:_\\-.]{1,200}$.');
    expectInvalid(await post({ correlationId: 'x'.repeat(201) }), 'correlationId must match ^[A-Za-z0-9:_\\-.]{1,200}$.');
    expectInvalid(await post({ triggerContext: 'x' }), 'triggerContext must be an object.');
    expectInvalid(await post({ unknown: true }), "Unrecognized key(s) in object: 'unknown'");
    expect(fingerprint(c.service)).toBe(before);
    expectError(await c.post('/v2/workflow/executions/dispatch', { definitionId: 'no-such-def' }), 404, 'NOT_FOUND', 'Definition not found: no-such-def');
  });
});
