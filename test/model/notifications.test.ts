import { describe, expect, it } from 'vitest';
import { effectiveNotificationConfig, setNotificationConfig } from '../../src/model/notifications/config.js';
import { headlineOf, stripPersonalData } from '../../src/model/notifications/content.js';
import { addNotification, queryNotifications } from '../../src/model/notifications/notifications.js';
import { recipientsOf } from '../../src/model/notifications/recipients.js';
import { notificationReply, renderNotification } from '../../src/model/notifications/render.js';
import { ensureDocument, ensureOrganization } from '../../src/model/organizations/organizations.js';
import { UndoLog } from '../../src/model/state/undo-log.js';
import { createMockService } from '../../src/service.js';
import { md5Hex } from '../../src/support/ids.js';
import { namespaceOf } from '../support/store.js';

const setup = (seed = 1) => {
  const service = createMockService({ seed });
  const ns = namespaceOf(service);
  return { service, model: service.model, ns };
};

const input = { organizationId: 'org', documentId: 'doc', actionUser: { userId: 'a', name: 'Ann' }, notifyUsers: [{ userId: 'b' }], notifyAll: false };

describe('notifications model', () => {
  it('adds directly for scenarios, with a chosen time and extra record fields', () => {
    const { model, ns } = setup();
    const record = addNotification(model, ns, {
      ...input,
      displayHeadlineMessageTemplate: '{actionUser} did it',
      timestamp: 42,
      extra: { actionType: 'mention', isUnread: true, id: 'ignored' },
    });
    expect(renderNotification(ns, record)).toEqual({
      id: record.id,
      notificationSource: 'custom',
      notificationSourceData: {},
      actionUser: { userId: 'a', name: 'Ann' },
      timestamp: 42,
      displayHeadlineMessageTemplate: '{actionUser} did it',
      displayHeadlineMessage: 'Ann did it',
      metadata: { apiKey: ns.apiKey, documentId: 'doc', organizationId: 'org' },
      notifyUsers: {},
      notifyUsersByUserId: { [md5Hex('b')]: true },
      actionType: 'mention',
      isUnread: true,
    });
  });

  it('draws the same generated ids from the same seed', () => {
    const first = setup(7);
    const second = setup(7);
    const other = setup(8);
    const id = (s: ReturnType<typeof setup>) => addNotification(s.model, s.ns, input).id;
    expect(id(first)).toBe(id(second));
    expect(id(first)).not.toBe(id(other));
  });

  it('keeps a rendered record independent of the stored one', () => {
    const { model, ns } = setup();
    const record = addNotification(model, ns, { ...input, context: { access: { a: 1 } } });
    const view = renderNotification(ns, record) as { context: { access: { a: number } } };
    view.context.access.a = 2;
    expect(renderNotification(ns, record)['context']).toEqual({ access: { a: 1 } });
  });

  it('serialises a reply view of a notification to the bytes of its copy, without copying the stored values', () => {
    const { model, ns } = setup();
    const record = addNotification(model, ns, {
      ...input,
      context: { access: { a: 1 }, list: [1, { b: null }] },
      metadata: { apiKey: 'client-wins-not', custom: { deep: [true] } },
      extra: { actionType: 'mention', undefinedField: undefined },
    });
    const reply = notificationReply(ns, record);
    expect(JSON.stringify(reply)).toBe(JSON.stringify(renderNotification(ns, record)));
    expect(Object.keys(reply)).toEqual(Object.keys(renderNotification(ns, record)));
    expect(reply['context']).toBe(record.record['context']);
  });

  it('orders ties by insertion, reversed for desc', () => {
    const { model, ns } = setup();
    for (const notificationId of ['x', 'y', 'z']) addNotification(model, ns, { ...input, notificationId, timestamp: 5 });
    expect(queryNotifications(ns, { organizationId: 'org' }, 'asc').map((n) => n.id)).toEqual(['x', 'y', 'z']);
    expect(queryNotifications(ns, { organizationId: 'org' }).map((n) => n.id)).toEqual(['z', 'y', 'x']);
  });

  it('resolves headlines and strips people to their ids', () => {
    expect(headlineOf('{actionUser}/{recipientUser}/{n}/{toString}', { recipientUser: { name: 'Rita' }, n: 0 }, { name: 'Ann' })).toBe('Ann/Rita/0/{toString}');
    expect(stripPersonalData([{ userId: 'u', email: 'e' }, { nested: { userId: 'v', name: 'n' } }, 'plain'])).toEqual([
      { userId: 'u' },
      { nested: { userId: 'v' } },
      'plain',
    ]);
  });

  it('keeps two users who share an email apart', () => {
    const { model, ns } = setup();
    const org = ensureOrganization(model, ns, 'org');
    const doc = ensureDocument(model, ns, org, 'doc');
    const people = recipientsOf(new UndoLog(), org, doc, {
      actionUser: { userId: 'a' },
      notifyAll: false,
      notifyUsers: [{ userId: 'p', email: 'x@y.z' }, { userId: 'q', email: 'x@y.z' }, { email: 'X@y.z' }],
    }).recipients;
    expect(people).toEqual([
      { userId: 'p', emailHash: md5Hex('x@y.z') },
      { userId: 'q', emailHash: md5Hex('x@y.z') },
    ]);
  });

  it('sets and reads notification config directly', () => {
    const { model, ns } = setup();
    setNotificationConfig(model, ns, { organizationId: 'org', userIds: ['u'], documentIds: ['d'], config: { email: 'MINE' } });
    expect(effectiveNotificationConfig(ns, 'org', 'u', 'd')).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(effectiveNotificationConfig(ns, 'org', 'u')).toEqual({ inbox: 'ALL', email: 'ALL' });
  });
});
