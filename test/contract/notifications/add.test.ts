import { expect, it } from 'vitest';
import { md5Hex } from '../../../src/support/ids.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const ADDED = { status: 'success', message: 'Notification added successfully.', data: { success: true, message: 'Notification added successfully.' } };

const base = {
  organizationId: 'org',
  documentId: 'doc',
  actionUser: { userId: 'actor', name: 'Ann Actor', email: 'ann@example.com' },
  displayHeadlineMessageTemplate: '{actionUser} mentioned you',
  displayBodyMessage: 'Body',
  notifyUsers: [] as Record<string, unknown>[],
};

const getAll = async (c: Client, extra: Record<string, unknown> = {}) =>
  expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', documentId: 'doc', ...extra }), 'Notification(s) retrieved successfully.');

const addOrgUsers = (c: Client, ...ids: string[]) =>
  c.post('/v2/users/add', { organizationId: 'org', users: ids.map((userId) => ({ userId, name: userId.toUpperCase(), email: `${userId}@example.com` })) });

forEachTransport('notifications add', (fresh) => {
  it('answers exactly as documented and stores the record of service-facts 6.1', async () => {
    const c = fresh();
    const reply = await c.post('/v2/notifications/add', {
      ...base,
      notifyAll: false,
      displayHeadlineMessageTemplate: '{actionUser} for {recipientUser}: {yourCustomField} {missing}',
      displayHeadlineMessageTemplateData: {
        actionUser: { userId: 'actor', name: 'Ann Actor', email: 'ann@example.com' },
        recipientUser: { userId: 'rec', name: 'Rita Recipient', email: 'rita@example.com' },
        yourCustomField: 'custom text',
      },
      notifyUsers: [
        { email: 'test@example.com', userId: 'testingUserId' },
        { userId: 'rec', name: 'Rita Recipient', email: 'rita@example.com' },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ result: ADDED });
    const got = await getAll(c);
    expect(got.pageToken).toBe('');
    expect(got.data).toHaveLength(1);
    const record = got.data[0];
    expect(record.id).toMatch(/^[1-9]\d{15}$/);
    expect(record).toEqual({
      id: record.id,
      notificationSource: 'custom',
      notificationSourceData: {},
      actionUser: { userId: 'actor', name: 'Ann Actor', email: 'ann@example.com' },
      timestamp: c.service.clock.now(),
      displayHeadlineMessageTemplate: '{actionUser} for {recipientUser}: {yourCustomField} {missing}',
      displayHeadlineMessageTemplateData: {
        actionUser: { userId: 'actor', name: 'Ann Actor', email: 'ann@example.com' },
        recipientUser: { userId: 'rec', name: 'Rita Recipient', email: 'rita@example.com' },
        yourCustomField: 'custom text',
      },
      displayHeadlineMessage: 'Ann Actor for Rita Recipient: custom text {missing}',
      displayBodyMessage: 'Body',
      metadata: { apiKey: c.service.credentials.apiKey, documentId: 'doc', organizationId: 'org' },
      notifyUsers: { [md5Hex('test@example.com')]: true, [md5Hex('rita@example.com')]: true },
      notifyUsersByUserId: { [md5Hex('testingUserId')]: true, [md5Hex('rec')]: true },
    });
    expect(Object.keys(record).slice(0, 5)).toEqual(['id', 'notificationSource', 'notificationSourceData', 'actionUser', 'timestamp']);
  });

  it('creates the organization and the document when missing, with or without the create flags', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/notifications/add', { ...base, organizationId: 'o1', documentId: 'd1' }));
    expectSuccess(await c.post('/v2/notifications/add', { ...base, organizationId: 'o2', documentId: 'd2', createOrganization: true, createDocument: true }));
    const ns = namespaceOf(c.service);
    expect(ns.organizations.get('o1')?.documents.has('d1')).toBe(true);
    expect(ns.organizations.get('o2')?.documents.has('d2')).toBe(true);
  });

  it('notifies every organization user but the action user by default, plus notifyUsers', async () => {
    const c = fresh();
    await addOrgUsers(c, 'actor', 'u1', 'u2');
    expectSuccess(await c.post('/v2/notifications/add', { ...base, notifyUsers: [{ userId: 'outsider' }] }));
    const [record] = (await getAll(c)).data;
    expect(record.notifyUsersByUserId).toEqual({ [md5Hex('u1')]: true, [md5Hex('u2')]: true, [md5Hex('outsider')]: true });
    expect(record.notifyUsers).toEqual({ [md5Hex('u1@example.com')]: true, [md5Hex('u2@example.com')]: true });
    expect((await getAll(c, { userId: 'u2' })).data).toHaveLength(1);
    expect((await getAll(c, { userId: 'actor' })).data).toHaveLength(0);
  });

  it('notifies only notifyUsers when notifyAll is false, one entry per person', async () => {
    const c = fresh();
    await addOrgUsers(c, 'actor', 'u1', 'u2');
    const notifyUsers = [{ userId: 'u1' }, { email: 'U1@example.com' }, { email: 'only@example.com' }];
    expectSuccess(await c.post('/v2/notifications/add', { ...base, notifyAll: false, notifyUsers }));
    const [record] = (await getAll(c)).data;
    expect(record.notifyUsersByUserId).toEqual({ [md5Hex('u1')]: true });
    expect(record.notifyUsers).toEqual({ [md5Hex('U1@example.com')]: true, [md5Hex('only@example.com')]: true });
  });

  it('finds an email-only recipient by the email of a known user', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'd1', email: 'd1@example.com' }] });
    expectSuccess(await c.post('/v2/notifications/add', { ...base, notifyAll: false, notifyUsers: [{ email: 'd1@example.com' }] }));
    expect((await getAll(c, { userId: 'd1' })).data[0].notifyUsersByUserId).toEqual({ [md5Hex('d1')]: true });
  });

  it('keeps only recipients with access to the document when verifyUserPermissions is true', async () => {
    const c = fresh();
    await addOrgUsers(c, 'actor', 'orgUser');
    await c.post('/v1/organizations/documents/add', { organizationId: 'org', folderId: 'f', documents: [{ documentId: 'open' }] });
    await c.post('/v1/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'locked', accessType: 'restricted' }] });
    await c.post('/v2/users/add', { organizationId: 'org', folderId: 'f', users: [{ userId: 'folderUser' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'open', users: [{ userId: 'docUser' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'locked', users: [{ userId: 'lockedUser' }] });
    const notifyUsers = ['folderUser', 'docUser', 'lockedUser', 'stranger'].map((userId) => ({ userId }));
    const add = (documentId: string, notificationId: string) =>
      c.post('/v2/notifications/add', { ...base, documentId, notificationId, notifyUsers, verifyUserPermissions: true });
    expectSuccess(await add('open', 'n-open'));
    expectSuccess(await add('locked', 'n-locked'));
    const holders = async (documentId: string) => Object.keys((await getAll(c, { documentId })).data[0].notifyUsersByUserId).sort();
    expect(await holders('open')).toEqual(['orgUser', 'folderUser', 'docUser'].map(md5Hex).sort());
    expect(await holders('locked')).toEqual([md5Hex('lockedUser')]);
    expectSuccess(await c.post('/v2/notifications/add', { ...base, documentId: 'open', notificationId: 'n-all', notifyUsers }));
    expect((await getAll(c, { documentId: undefined, userId: 'stranger' })).data.map((n: { id: string }) => n.id)).toEqual(['n-all']);
  });

  it('replaces a notification sent again with the same id', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/notifications/add', { ...base, notificationId: 'same_id-1', displayBodyMessage: 'first' }));
    expectSuccess(await c.post('/v2/notifications/add', { ...base, notificationId: 'other' }));
    c.service.clock.advance(1000);
    expectSuccess(await c.post('/v2/notifications/add', { ...base, notificationId: 'same_id-1', displayBodyMessage: 'second' }));
    const { data } = await getAll(c);
    expect(data.map((n: { id: string; displayBodyMessage: string }) => [n.id, n.displayBodyMessage])).toEqual([
      ['same_id-1', 'second'],
      ['other', 'Body'],
    ]);
  });

  it('resolves numbers and leaves variables with nothing to stand for as written', async () => {
    const c = fresh();
    const template = '{actionUser} moved {count} items to {place} ({flag}) {a b}';
    expectSuccess(
      await c.post('/v2/notifications/add', {
        ...base,
        displayHeadlineMessageTemplate: template,
        displayHeadlineMessageTemplateData: { count: 3, place: 'Done', flag: true },
      }),
    );
    expect((await getAll(c)).data[0].displayHeadlineMessage).toBe('Ann Actor moved 3 items to Done ({flag}) {a b}');
  });

  it('stores only ids of people when a resolver fills content, and needs no headline or body', async () => {
    const c = fresh();
    const reply = await c.post('/v2/notifications/add', {
      organizationId: 'org',
      documentId: 'doc',
      isNotificationResolverUsed: true,
      actionUser: { userId: 'actor', name: 'Ann Actor', email: 'ann@example.com' },
      displayHeadlineMessageTemplateData: { actionUser: { userId: 'actor', name: 'Ann Actor' }, note: 'kept' },
      notificationSourceData: { from: { userId: 'actor', email: 'ann@example.com' } },
      notifyAll: false,
      notifyUsers: [{ userId: 'rec', name: 'Rita', email: 'rita@example.com' }],
    });
    expect(reply.body).toEqual({ result: ADDED });
    const [record] = (await getAll(c)).data;
    expect(record.actionUser).toEqual({ userId: 'actor' });
    expect(record.displayHeadlineMessageTemplateData).toEqual({ actionUser: { userId: 'actor' }, note: 'kept' });
    expect(record.notificationSourceData).toEqual({ from: { userId: 'actor' } });
    expect(record.isNotificationResolverUsed).toBe(true);
    expect(record).not.toHaveProperty('displayHeadlineMessage');
    expect(record.notifyUsersByUserId).toEqual({ [md5Hex('rec')]: true });
    expect(JSON.stringify(record)).not.toMatch(/Ann|Rita|ann@|rita@/);
  });

  it('stores source, context and the extra keys the service accepts, and drops unknown keys', async () => {
    const c = fresh();
    const extras = {
      notificationSource: 'comment',
      notificationSourceData: { annotationId: 'a1' },
      context: { access: { team: 'red', level: 2 }, accessFields: ['team'] },
      location: { id: 'loc-1', locationName: 'Page 1' },
      metadata: { custom: 'x', documentId: 'spoofed' },
      displayBodyMessageTemplate: 'Hi {name}',
      displayBodyMessageTemplateData: { name: 'Bo' },
      isCrossOrganizationEnabled: true,
      unknownKey: 'dropped',
    };
    expectSuccess(await c.post('/v2/notifications/add', { ...base, ...extras }));
    const [record] = (await getAll(c)).data;
    expect(record).toMatchObject({
      notificationSource: 'comment',
      notificationSourceData: { annotationId: 'a1' },
      context: { access: { team: 'red', level: 2 }, accessFields: ['team'] },
      location: { id: 'loc-1', locationName: 'Page 1' },
      metadata: { apiKey: c.service.credentials.apiKey, documentId: 'doc', organizationId: 'org', custom: 'x' },
      displayBodyMessageTemplate: 'Hi {name}',
      displayBodyMessageTemplateData: { name: 'Bo' },
      isCrossOrganizationEnabled: true,
    });
    expect(record).not.toHaveProperty('unknownKey');
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['organizationId missing', { ...base, organizationId: undefined }, 'organizationId is required.'],
    ['documentId blank', { ...base, documentId: ' ' }, 'documentId is required.'],
    ['actionUser missing', { ...base, actionUser: undefined }, 'actionUser is required.'],
    ['actionUser.userId missing', { ...base, actionUser: { name: 'x' } }, 'actionUser.userId is required.'],
    ['notifyUsers missing', { ...base, notifyUsers: undefined }, 'notifyUsers is required.'],
    ['notifyUsers not an array', { ...base, notifyUsers: {} }, 'notifyUsers must be an array.'],
    [
      'recipient without userId or email',
      { ...base, notifyUsers: [{ userId: 'a' }, { name: 'n' }] },
      'notifyUsers[1].userId or notifyUsers[1].email is required.',
    ],
    ['notifyAll not boolean', { ...base, notifyAll: 'yes' }, 'notifyAll must be a boolean.'],
    ['notificationId with a dot', { ...base, notificationId: 'a.b' }, 'notificationId may only contain letters, digits, "_" and "-".'],
    ['notificationId with a space', { ...base, notificationId: 'a b' }, 'notificationId may only contain letters, digits, "_" and "-".'],
    ['notificationId not a string', { ...base, notificationId: 12 }, 'notificationId must be a string.'],
    ['headline missing', { ...base, displayHeadlineMessageTemplate: undefined }, 'displayHeadlineMessageTemplate is required.'],
    ['body blank', { ...base, displayBodyMessage: '' }, 'displayBodyMessage is required.'],
    [
      'headline missing, resolver false',
      { ...base, isNotificationResolverUsed: false, displayHeadlineMessageTemplate: undefined },
      'displayHeadlineMessageTemplate is required.',
    ],
    ['source unknown', { ...base, notificationSource: 'area' }, 'notificationSource must be one of custom, comment, huddle, crdt.'],
    ['context without access', { ...base, context: { other: 1 } }, 'context.access is required.'],
    ['context access value not string or number', { ...base, context: { access: { a: 'x', b: true } } }, 'context.access.b must be a string or a number.'],
    ['template data not an object', { ...base, displayHeadlineMessageTemplateData: 'x' }, 'displayHeadlineMessageTemplateData must be an object.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await addOrgUsers(c, 'u1');
      const before = fingerprint(c.service);
      expectError(await c.post('/v2/notifications/add', data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
