import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { CommentEventFields } from '../../../src/model/state/events.js';
import { createAdvancedWebhookEndpoint, updateAdvancedWebhookConfig } from '../../../src/model/webhooks/config.js';
import type { WebhookRequest, WebhookSender } from '../../../src/model/webhooks/port.js';
import { RETRY_DELAYS_MS } from '../../../src/model/webhooks/schedule.js';
import { signWebhook } from '../../../src/model/webhooks/sign.js';
import { createMockService, type MockService, type MockServiceOptions } from '../../../src/service.js';

const VECTOR = {
  secret: 'whsec_plJ3nmyCDGBKInavdOK15jsl',
  body: '{"event_type":"ping","data":{"success":true}}',
  id: 'msg_loFOjxBNrRLzqYUf',
  timestamp: 1731705121,
  signature: 'v1,rAvfW3dJ/X/qxhsaXPOyyCGmRKsaKWcsNccKXlIktD0=',
};

/** A comment event as the comment operations emit it. */
function commentEvent(overrides: Partial<CommentEventFields> = {}): CommentEventFields {
  return {
    organizationId: 'org',
    documentId: 'doc',
    annotationId: 'ann-1',
    commentId: 1,
    actionUser: { userId: 'u1', name: 'Ada' },
    commentAnnotation: { annotationId: 'ann-1', comments: [{ commentId: 1, commentText: 'Hi' }], pageInfo: { url: 'https://app.test/doc' } },
    targetComment: { commentId: 1, commentText: 'Hi' },
    triggerNotification: true,
    ...overrides,
  };
}

/** A service with advanced webhooks on and one endpoint; returns the endpoint with its stored secret. */
function withEndpoint(options: MockServiceOptions = {}, endpoint: { filterTypes?: string[] } = {}) {
  const service = createMockService(options);
  const ns = service.model.store.namespace(service.credentials.apiKey);
  updateAdvancedWebhookConfig(service.model, ns, { isEnabled: true });
  const view = createAdvancedWebhookEndpoint(service.model, ns, { url: 'http://127.0.0.1:9/hook', ...endpoint });
  const secret = ns.advancedWebhookEndpoints[0]!.secret;
  return { service, ns, endpointId: view.id, secret };
}

const emitComment = (
  service: MockService,
  type: 'comment.add' | 'comment_annotation.add' | 'comment_annotation.status_change' = 'comment.add',
  fields = commentEvent(),
) => service.model.events.emit(type, service.credentials.apiKey, fields);

describe('webhook signatures (service-facts 7.3)', () => {
  it('reproduce the test vector', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('verify with the standardwebhooks package, and a changed byte fails', () => {
    const headers = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body),
    };
    const verifier = new Webhook(VECTOR.secret);
    // The verifier checks the timestamp against its own wall clock, so the vector is checked at its own instant.
    const now = Date.now;
    Date.now = () => VECTOR.timestamp * 1000;
    try {
      expect(verifier.verify(VECTOR.body, headers)).toEqual({ event_type: 'ping', data: { success: true } });
      expect(() => verifier.verify(VECTOR.body.replace('true', 'false'), headers)).toThrow();
    } finally {
      Date.now = now;
    }
  });
});

describe('the webhook outbox', () => {
  it('queues one advanced message per event with the 7.2 payload and a seeded msg_ id', () => {
    const { service, endpointId } = withEndpoint();
    emitComment(service);
    const [delivery, ...rest] = service.webhooks.deliveries();
    expect(rest).toEqual([]);
    expect(delivery).toMatchObject({ kind: 'advanced', event: 'comment.add', endpointId, status: 'pending', attempts: [], url: 'http://127.0.0.1:9/hook' });
    expect(delivery!.messageId).toMatch(/^msg_[A-Za-z0-9]{27}$/);
    const payload = JSON.parse(delivery!.request.body!);
    expect(payload).toEqual(delivery!.payload);
    expect(payload).toMatchObject({
      actionType: 'add',
      event: 'comment.add',
      platform: 'sdk',
      source: 'comment',
      data: {
        actionUser: { userId: 'u1', name: 'Ada' },
        targetComment: { commentId: 1, commentText: 'Hi' },
        metadata: {
          apiKey: service.credentials.apiKey,
          document: { documentId: 'doc' },
          organization: { organizationId: 'org' },
          pageInfo: { url: 'https://app.test/doc' },
        },
      },
      usersOrganizationNotificationsConfig: { u1: { inbox: 'ALL', email: 'ALL' } },
    });
    expect(payload.webhookId).toMatch(/^-[A-Za-z0-9_-]{19}$/);
    expect(payload.data).not.toHaveProperty('visibility');
  });

  it('signs the recorded request so the standardwebhooks verifier accepts it', () => {
    const { service, secret } = withEndpoint();
    emitComment(service);
    const { request } = service.webhooks.deliveries()[0]!;
    const now = Date.now;
    Date.now = () => service.clock.now();
    try {
      expect(new Webhook(secret).verify(request.body!, request.headers)).toMatchObject({ event: 'comment.add' });
    } finally {
      Date.now = now;
    }
    expect(request.headers['webhook-timestamp']).toBe(String(service.clock.now() / 1000));
  });

  it('carries visibility for private threads only', () => {
    const { service } = withEndpoint();
    emitComment(service, 'comment_annotation.add', commentEvent({ visibility: { type: 'restricted', userIds: ['u1'] } }));
    expect(service.webhooks.deliveries()[0]!.payload).toMatchObject({ actionType: 'add', data: { visibility: { type: 'restricted', userIds: ['u1'] } } });
  });

  it('sends nothing for a change that did not ask for notifications (triggerNotification absent or false)', () => {
    const { service } = withEndpoint();
    const { triggerNotification: _asked, ...silent } = commentEvent();
    emitComment(service, 'comment.add', silent);
    emitComment(service, 'comment.add', commentEvent({ triggerNotification: false }));
    expect(service.webhooks.deliveries()).toEqual([]);
    emitComment(service, 'comment.add', commentEvent({ triggerNotification: true }));
    expect(service.webhooks.deliveries()).toHaveLength(1);
  });

  it('honours filterTypes, disabled endpoints and disabled delivery', () => {
    const { service, ns } = withEndpoint({}, { filterTypes: ['comment_annotation.status_change'] });
    emitComment(service, 'comment.add');
    expect(service.webhooks.deliveries()).toEqual([]);
    emitComment(service, 'comment_annotation.status_change');
    expect(service.webhooks.deliveries().map((d) => [d.event, d.payload['actionType']])).toEqual([['comment_annotation.status_change', 'statusChange']]);
    ns.advancedWebhookEndpoints[0]!.disabled = true;
    emitComment(service, 'comment_annotation.status_change');
    ns.advancedWebhookEndpoints[0]!.disabled = false;
    updateAdvancedWebhookConfig(service.model, ns, { isEnabled: false });
    emitComment(service, 'comment_annotation.status_change');
    expect(service.webhooks.deliveries()).toHaveLength(1);
  });

  it('gives the same ids, timestamps and bodies for the same seed and calls', () => {
    const run = () => {
      const { service } = withEndpoint({ seed: 42 });
      emitComment(service);
      service.clock.advance(1234);
      emitComment(service, 'comment_annotation.add');
      return JSON.stringify(service.webhooks.deliveries());
    };
    expect(run()).toBe(run());
  });

  it('is state: exported, snapshotted and reset', () => {
    const { service } = withEndpoint();
    const snapshot = service.snapshot();
    emitComment(service);
    const exported = service.exportState();
    expect(JSON.parse(exported).tables).toBeTruthy();
    service.restore(snapshot);
    expect(service.webhooks.deliveries()).toEqual([]);
    emitComment(service);
    service.reset();
    expect(service.webhooks.deliveries()).toEqual([]);
    service.importState(exported);
    expect(service.webhooks.deliveries()).toHaveLength(1);
  });
});

describe('attempts and retries (service-facts 7.4)', () => {
  /** A sender that answers each request with the next status of a list (the last one repeats). */
  function answering(...statuses: (number | null)[]): { sender: WebhookSender; seen: WebhookRequest[] } {
    const seen: WebhookRequest[] = [];
    const sender: WebhookSender = async (request) => {
      seen.push(request);
      const status = statuses[Math.min(seen.length - 1, statuses.length - 1)] ?? null;
      return status === null ? { statusCode: null, error: 'connection refused' } : { statusCode: status };
    };
    return { sender, seen };
  }

  it('delivers on a 2xx at once when sending', async () => {
    const { sender, seen } = answering(204);
    const { service } = withEndpoint({ webhooks: { deliver: sender } });
    emitComment(service);
    const delivered = await service.webhooks.waitFor('comment.add');
    expect(delivered).toMatchObject({ status: 'delivered', nextAttemptAt: null, attempts: [{ statusCode: 204, error: null }] });
    expect(seen).toHaveLength(1);
  });

  it('retries on the 7.4 schedule, then fails the message and sends message.attempt.exhausted', async () => {
    const { sender, seen } = answering(500, 302, null);
    const { service } = withEndpoint({ webhooks: { deliver: sender } });
    const start = service.clock.now();
    emitComment(service);
    await service.webhooks.flush();
    expect(service.webhooks.deliveries()[0]!.nextAttemptAt).toBe(start + 5000);
    await service.webhooks.advance(2 * 24 * 3600_000);
    const [message, exhausted] = service.webhooks.deliveries();
    const expected: number[] = [];
    let at = start;
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      expected.push(at);
    }
    expect(message!.attempts.map((a) => a.at)).toEqual(expected);
    expect(message!.attempts.map((a) => a.statusCode)).toEqual([500, 302, null, null, null, null, null, null]);
    expect(message).toMatchObject({ status: 'failed', nextAttemptAt: null });
    // Every attempt of one message carries the same webhook-id; the timestamp is the attempt's own.
    expect(new Set(seen.slice(0, 8).map((r) => r.headers['webhook-id']))).toEqual(new Set([message!.messageId]));
    expect(seen.slice(0, 8).map((r) => Number(r.headers['webhook-timestamp']) * 1000)).toEqual(expected);
    expect(exhausted).toMatchObject({
      event: 'message.attempt.exhausted',
      payload: { type: 'message.attempt.exhausted', data: { msgId: message!.messageId, endpointId: message!.endpointId } },
    });
  });

  it('disables an endpoint that keeps failing for 5 days and stops its attempts', async () => {
    const { sender } = answering(503);
    const { service, ns } = withEndpoint({ webhooks: { deliver: sender } }, { filterTypes: ['comment.add'] });
    for (let day = 0; day < 6; day++) {
      if (ns.advancedWebhookEndpoints[0]!.disabled) break;
      emitComment(service);
      await service.webhooks.advance(24 * 3600_000);
    }
    expect(ns.advancedWebhookEndpoints[0]!.disabled).toBe(true);
    const statuses = new Set(service.webhooks.deliveries().map((d) => d.status));
    expect(statuses.has('pending')).toBe(false);
    expect(statuses.has('cancelled') || statuses.has('failed')).toBe(true);
  });
});
