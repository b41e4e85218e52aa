import { Router, type RequestHandler } from 'express';
import {
  loginRequestSchema,
  passwordResetRequestSchema,
  profilePatchSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  signupRequestSchema,
} from '../../contract/index.js';
import type { AuthService } from '../../services/auth.js';
import type { ProfilesService } from '../../services/profiles.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** /auth: signup, login, refresh, email confirmation, password reset and the caller's profile. */
export function authRouter(deps: { auth: AuthService; profiles: ProfilesService; requireUser: RequestHandler }): Router {
  const { auth, profiles, requireUser } = deps;
  const r = Router();

  r.post('/signup', async (req, res) => {
    res.json(await auth.signup(validate(signupRequestSchema, req.body), req.ip ?? ''));
  });

  r.post('/login', async (req, res) => {
    res.json(await auth.login(validate(loginRequestSchema, req.body), req.ip ?? ''));
  });

  r.post('/refresh', async (req, res) => {
    const { refresh_token } = validate(refreshRequestSchema, req.body);
    res.json(await auth.refresh(refresh_token));
  });

  // The same answer whether or not an account has this email.
  r.post('/recover', async (req, res) => {
    await auth.requestPasswordReset(validate(recoverRequestSchema, req.body).email, req.ip ?? '');
    res.json({ status: 'sent' });
  });

  r.post('/reset', async (req, res) => {
    await auth.resetPassword(validate(passwordResetRequestSchema, req.body));
    res.json({ status: 'reset' });
  });

  // The link from the confirmation email. A browser (it asks for HTML first) lands on the
  // dashboard's sign-in page, which says how it went; API clients get JSON.
  r.get('/confirm', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const ok = token !== '' && (await auth.confirmEmail(token));
    if (req.accepts(['json', 'html']) === 'html') return res.redirect(303, `/signin?confirmed=${ok ? 'yes' : 'no'}`);
    res.status(ok ? 200 : 400).json(ok ? { status: 'confirmed' } : { detail: 'Invalid or used confirmation link' });
  });

  r.get('/me', requireUser, async (req, res) => {
    res.json(await profiles.get(currentUser(req).id));
  });

  r.patch('/me', requireUser, async (req, res) => {
    res.json(await profiles.update(currentUser(req).id, validate(profilePatchSchema, req.body)));
  });

  return r;
}
