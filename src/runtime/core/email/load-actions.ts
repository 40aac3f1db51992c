/**
 * The loader the `email()` and `nodemailer()` providers hand the core (`EmailConfig.actions`): their sign-in
 * is imported when a request first needs it (core/provider-actions.ts says why the core never imports it).
 */
import type { EmailActions } from "../../types-email.js";

export async function loadEmailActions(): Promise<EmailActions> {
  return (await import("./actions.js")).emailActions;
}
