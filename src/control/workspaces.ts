import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { loginLinks, setEmailVerified } from '../model/workspaces/email.js';
import { validate } from '../protocol/validate.js';
import type { ControlHandler } from './context.js';

/** `GET /__mock/login-links`: the login links the service would have mailed, per owner workspace. */
export const listLoginLinks: ControlHandler = (deps) => ({ loginLinks: loginLinks(deps.model) });

const verificationBody = z.object({ ownerEmail: z.string().min(1), verified: z.boolean() });

/** `POST /__mock/email-verification` `{ ownerEmail, verified }`: sets whether an owner's e-mail counts as verified. */
export const setVerification: ControlHandler = (deps, { body }) => {
  const input = validate(verificationBody, body);
  const workspaces = setEmailVerified(deps.model, input.ownerEmail, input.verified);
  if (workspaces === 0) throw new ServiceError('NOT_FOUND', `No workspace is owned by ${input.ownerEmail}.`);
  return { ownerEmail: input.ownerEmail, verified: input.verified, workspaces };
};
