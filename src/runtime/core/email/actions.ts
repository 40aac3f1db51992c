/**
 * The email provider's actions (EmailActions), loaded by the `email()` and `nodemailer()` providers on the
 * first email sign-in (core/provider-loader.ts says why the core does not import them).
 */
import { emailCallback } from "../actions/callback/email.js";
import { signInWithEmail } from "../actions/signin-email.js";
import type { EmailProviderActions } from "../provider-loader.js";

export const emailActions: EmailProviderActions = { signIn: signInWithEmail, callback: emailCallback };
