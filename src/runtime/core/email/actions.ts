/**
 * The email provider's actions (EmailActions), loaded by the `email()` and `nodemailer()` providers on the
 * first email sign-in (core/provider-actions.ts says why the core does not import them).
 */
import type { EmailActions } from "../../types-email.js";
import { emailCallback } from "../actions/callback/email.js";
import { signInWithEmail } from "../actions/signin-email.js";

export const emailActions: EmailActions = { signIn: signInWithEmail, callback: emailCallback };
