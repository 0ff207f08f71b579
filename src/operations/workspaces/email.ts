import { z } from 'zod';
import { ServiceError } from '../../errors.js';
import { emailVerified, sendLoginLink } from '../../model/workspaces/email.js';
import { defineOperation } from '../../protocol/operation.js';
import { requiredString } from '../../protocol/rules.js';

/** `POST /v2/workspace/email/send-login-link` (no auth): keeps the link in the owner's outbox; nothing is mailed. */
export const sendLoginLinkOp = defineOperation({
  auth: 'none',
  summary: 'Send a console login link',
  message: 'Login link sent successfully',
  schema: z.object({ email: requiredString(), continueUrl: requiredString() }),
  run({ data, model, settings }) {
    if (!URL.canParse(data.continueUrl)) throw new ServiceError('INVALID_ARGUMENT', 'Invalid url for continueUrl');
    const host = new URL(data.continueUrl).hostname.toLowerCase();
    if (!settings.loginLinkHosts.map((h) => h.toLowerCase()).includes(host)) {
      throw new ServiceError('INVALID_ARGUMENT', 'The continueUrl domain is not allowed.');
    }
    const domain = data.email.split('@')[1]?.toLowerCase() ?? '';
    if (settings.disposableEmailDomains.map((d) => d.toLowerCase()).includes(domain)) {
      throw new ServiceError('INVALID_ARGUMENT', 'This email domain is not supported.');
    }
    sendLoginLink(model, data);
    return { data: null };
  },
});

/** `POST /v2/workspace/email/status` (no auth): whether the owner e-mail is verified; 404 for an unknown owner. */
export const emailStatus = defineOperation({
  auth: 'none',
  summary: 'Get the e-mail verification status',
  message: 'Email verified and workspace reactivated',
  schema: z.object({ ownerEmail: requiredString() }),
  run({ data, model }) {
    return emailVerified(model, data.ownerEmail) ? { data: { verified: true } } : { data: { verified: false }, message: 'Email not yet verified' };
  },
});
