import { expect, it } from 'vitest';
import { loginLinks, setEmailVerified } from '../../../src/model/workspaces/email.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';

const SEND = '/v2/workspace/email/send-login-link';
const STATUS = '/v2/workspace/email/status';
const OWNER = 'owner@collab-service.test';

forEachTransport('workspace e-mail login links and status', (fresh) => {
  it('keeps a login link for an owner without headers and answers the same for an unknown address', async () => {
    const c = fresh({ disposableEmailDomains: ['trash.test'] });
    const sent = await c.raw({
      method: 'POST',
      path: SEND,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { email: OWNER, continueUrl: 'http://localhost:3000/welcome' } }),
    });
    expect(sent.body).toEqual({ result: { status: 'success', message: 'Login link sent successfully', data: null } });
    expect(expectSuccess(await c.post(SEND, { email: 'nobody@example.com', continueUrl: 'https://console.collab-service.test/' })).data).toBeNull();
    const links = loginLinks(c.service.model);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      email: OWNER,
      continueUrl: 'http://localhost:3000/welcome',
      link: expect.stringMatching(/^http:\/\/localhost:3000\/__\/auth\/action\?mode=signIn&oobCode=\w{28}&continueUrl=/),
    });
  });

  it('reports verification per owner e-mail', async () => {
    const c = fresh();
    expect(expectSuccess(await c.post(STATUS, { ownerEmail: OWNER }), 'Email verified and workspace reactivated').data).toEqual({ verified: true });
    setEmailVerified(c.service.model, OWNER, false);
    expect(expectSuccess(await c.post(STATUS, { ownerEmail: OWNER }), 'Email not yet verified').data).toEqual({ verified: false });
    expectError(await c.post(STATUS, { ownerEmail: 'nobody@example.com' }), 404, 'NOT_FOUND', 'User not found');
  });

  const invalid: [string, string, unknown, string][] = [
    [SEND, 'a continueUrl that is no URL', { email: OWNER, continueUrl: 'not a url' }, 'Invalid url for continueUrl'],
    [SEND, 'a continueUrl on another host', { email: OWNER, continueUrl: 'https://evil.example.com/' }, 'The continueUrl domain is not allowed.'],
    [SEND, 'a disposable e-mail domain', { email: 'x@trash.test', continueUrl: 'http://localhost/' }, 'This email domain is not supported.'],
    [SEND, 'email missing', { continueUrl: 'http://localhost/' }, 'email is required.'],
    [SEND, 'continueUrl missing', { email: OWNER }, 'continueUrl is required.'],
    [STATUS, 'ownerEmail missing', {}, 'ownerEmail is required.'],
  ];
  for (const [path, name, data, message] of invalid) {
    it(`${path.split('/').at(-1)} refuses ${name} and changes nothing`, async () => {
      const c = fresh({ disposableEmailDomains: ['trash.test'] });
      const before = fingerprint(c.service);
      expectError(await c.post(path, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});

forEachTransport('workspace e-mail control plane', (fresh) => {
  const control = (c: ReturnType<typeof fresh>, method: string, path: string, body?: unknown) =>
    c.raw({ method, path, headers: { 'content-type': 'application/json' }, body: body === undefined ? '' : JSON.stringify(body) });

  it('lists kept login links and sets the verification flag', async () => {
    const c = fresh();
    expectSuccess(await c.post(SEND, { email: OWNER, continueUrl: 'http://localhost/' }));
    const listed = await control(c, 'GET', '/__mock/login-links');
    expect(listed.body.loginLinks).toHaveLength(1);
    expect((await control(c, 'POST', '/__mock/email-verification', { ownerEmail: OWNER, verified: false })).body).toEqual({
      ownerEmail: OWNER,
      verified: false,
      workspaces: 1,
    });
    expect(expectSuccess(await c.post(STATUS, { ownerEmail: OWNER })).data).toEqual({ verified: false });
    expectError(
      await control(c, 'POST', '/__mock/email-verification', { ownerEmail: 'x@y.z', verified: true }),
      404,
      'NOT_FOUND',
      'No workspace is owned by x@y.z.',
    );
  });
});
