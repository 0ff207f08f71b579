import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createAdvancedWebhookEndpoint, updateAdvancedWebhookConfig } from '../../../src/model/webhooks/config.js';
import type { WebhookRequest } from '../../../src/model/webhooks/port.js';
import { updateWebhookConfig } from '../../../src/model/workspaces/config.js';
import { createMockService, type MockService } from '../../../src/service.js';
import { fromBase64, toBase64 } from '../../../src/support/base64.js';

const fields = {
  organizationId: 'org',
  documentId: 'doc',
  annotationId: 'ann-1',
  commentId: 1,
  actionUser: { userId: 'u1' },
  commentAnnotation: { annotationId: 'ann-1', comments: [{ commentId: 1, commentText: 'Héllo ✓' }] },
  targetComment: { commentId: 1, commentText: 'Héllo ✓' },
  triggerNotification: true,
};

const emit = (service: MockService, type: 'comment.add' | 'comment_annotation.suggestion_accept' = 'comment.add') =>
  service.model.events.emit(type as 'comment.add', service.credentials.apiKey, fields);

/** A service whose webhooks go to an in-process sender that answers 200 and keeps every request. */
function capturing(): { service: MockService; seen: WebhookRequest[] } {
  const seen: WebhookRequest[] = [];
  const service = createMockService({
    webhooks: {
      deliver: async (request) => {
        seen.push(request);
        return { statusCode: 200 };
      },
    },
  });
  return { service, seen };
}

describe('basic webhooks (service-facts 7.6)', () => {
  it('POST the flat payload to rawNotificationUrl with Authorization: Basic <authToken>', async () => {
    const { service, seen } = capturing();
    const ns = service.model.store.namespace(service.credentials.apiKey);
    updateWebhookConfig(service.model, ns, {
      useWebhookService: true,
      webhookServiceConfig: { authToken: 'tok-123', rawNotificationUrl: 'https://hooks.test/raw', processedNotificationUrl: '' },
    });
    emit(service);
    const delivery = await service.webhooks.waitFor('comment.add');
    expect(delivery).toMatchObject({ kind: 'basic', target: 'raw', status: 'delivered', endpointId: null });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://hooks.test/raw');
    expect(seen[0]!.headers['authorization']).toBe('Basic tok-123');
    expect(seen[0]!.headers).not.toHaveProperty('webhook-signature');
    const payload = JSON.parse(seen[0]!.body);
    expect(Object.keys(payload)).toEqual([
      'webhookId',
      'commentAnnotation',
      'targetComment',
      'actionType',
      'notificationSource',
      'actionUser',
      'metadata',
      'platform',
      'usersOrganizationNotificationsConfig',
    ]);
    expect(payload).toMatchObject({ actionType: 'added', notificationSource: 'comment', platform: 'sdk' });
    expect(payload.metadata).toMatchObject({ apiKey: service.credentials.apiKey, clientOrganizationId: 'org', clientDocumentId: 'doc' });
  });

  it('send nothing for a trigger that is off, or when the service is off', async () => {
    const { service, seen } = capturing();
    const ns = service.model.store.namespace(service.credentials.apiKey);
    updateWebhookConfig(service.model, ns, { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: 'https://hooks.test/raw' } });
    emit(service, 'comment_annotation.suggestion_accept');
    updateWebhookConfig(service.model, ns, { useWebhookService: false });
    emit(service);
    await service.webhooks.flush();
    expect(service.webhooks.deliveries()).toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe('encoding and encryption (service-facts 7.7)', () => {
  function advanced(config: Parameters<typeof updateAdvancedWebhookConfig>[2]) {
    const { service, seen } = capturing();
    const ns = service.model.store.namespace(service.credentials.apiKey);
    updateAdvancedWebhookConfig(service.model, ns, { isEnabled: true, ...config });
    createAdvancedWebhookEndpoint(service.model, ns, { url: 'https://hooks.test/adv' });
    return { service, seen, secret: ns.advancedWebhookEndpoints[0]!.secret };
  }

  it('encodeData sends base64 of the JSON text, signed as sent', async () => {
    const { service, seen, secret } = advanced({ encodeData: true });
    emit(service);
    await service.webhooks.waitFor('comment.add');
    const { body, headers } = seen[0]!;
    expect(JSON.parse(new TextDecoder().decode(fromBase64(body)))).toMatchObject({ event: 'comment.add', data: { targetComment: { commentText: 'Héllo ✓' } } });
    const now = Date.now;
    Date.now = () => service.clock.now();
    try {
      // The verifier parses the body as JSON; a base64 body is checked through the raw signature instead.
      expect(() => new Webhook(secret).verify(body, headers)).toThrow();
      expect(headers['webhook-signature']).toBe(new Webhook(secret).sign(headers['webhook-id']!, new Date(service.clock.now()), body));
    } finally {
      Date.now = now;
    }
  });

  it('encryptData seals the payload: a receiver with the private key decrypts it', async () => {
    const subtle = globalThis.crypto.subtle;
    const pair = await subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, [
      'encrypt',
      'decrypt',
    ]);
    const publicKey = toBase64(new Uint8Array(await subtle.exportKey('spki', pair.publicKey)));
    const { service, seen } = advanced({ encryptData: true, encodeData: true, publicKey });
    emit(service);
    await service.webhooks.waitFor('comment.add');
    const sealed = JSON.parse(seen[0]!.body);
    expect(Object.keys(sealed).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
    const rawKey = await subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, fromBase64(sealed.encryptedKey) as Uint8Array<ArrayBuffer>);
    expect(rawKey.byteLength).toBe(32);
    const aes = await subtle.importKey('raw', rawKey, { name: 'AES-CBC' }, false, ['decrypt']);
    const plain = await subtle.decrypt(
      { name: 'AES-CBC', iv: fromBase64(sealed.iv) as Uint8Array<ArrayBuffer> },
      aes,
      fromBase64(sealed.encryptedData) as Uint8Array<ArrayBuffer>,
    );
    // Encoded first, then encrypted: the plaintext is the base64 of the JSON payload.
    const json = new TextDecoder().decode(fromBase64(new TextDecoder().decode(plain)));
    expect(JSON.parse(json)).toMatchObject({ event: 'comment.add', data: { targetComment: { commentText: 'Héllo ✓' } } });
    // Every attempt of the message sends the same sealed bytes.
    expect(service.webhooks.deliveries()[0]!.request.body).toBe(seen[0]!.body);
  });

  it('encryptData without a usable publicKey fails the attempt with a reason, never sends plaintext', async () => {
    const { service, seen } = advanced({ encryptData: true, publicKey: 'bm90IGEga2V5' });
    emit(service);
    const delivery = await service.webhooks.waitFor('comment.add');
    expect(seen).toEqual([]);
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('publicKey is not a base64 SPKI RSA public key') });
  });

  it('while recording, flush seals encrypted bodies without sending', async () => {
    const subtle = globalThis.crypto.subtle;
    const pair = await subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, [
      'encrypt',
      'decrypt',
    ]);
    const service = createMockService();
    const ns = service.model.store.namespace(service.credentials.apiKey);
    updateAdvancedWebhookConfig(service.model, ns, {
      isEnabled: true,
      encryptData: true,
      publicKey: toBase64(new Uint8Array(await subtle.exportKey('spki', pair.publicKey))),
    });
    createAdvancedWebhookEndpoint(service.model, ns, { url: 'https://hooks.test/adv' });
    emit(service);
    expect(service.webhooks.deliveries()[0]!.request.body).toBeNull();
    expect(await service.webhooks.flush()).toEqual([]);
    const [delivery] = service.webhooks.deliveries();
    expect(delivery!.status).toBe('pending');
    expect(Object.keys(JSON.parse(delivery!.request.body!)).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
  });
});
