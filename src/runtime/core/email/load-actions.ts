/**
 * The loader the `email()` and `nodemailer()` providers hand the core (`EmailConfig.actions`): their sign-in
 * is imported when a request first needs it (core/provider-loader.ts says why the core never imports it).
 */
import type { EmailProviderActions } from "../provider-loader.js";

export async function loadEmailActions(): Promise<EmailProviderActions> {
  return (await import("./actions.js")).emailActions;
}
