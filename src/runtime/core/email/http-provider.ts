/**
 * The factory under every HTTP email provider (providers/resend.ts, sendgrid.ts, …): the email provider's
 * magic-link sign-in (the same actions, token and mail as nodemailer's), delivered by one request to the
 * vendor's API (./http-send.ts). The API key comes from the options, else from `AUTH_<ID>_KEY`, which the
 * core's env defaults fill in (core/env.ts) before the first request.
 */
import type { EmailConfig, EmailUserConfig } from "../../types-email.js";
import { mergeProviderOptions } from "../providers.js";
import { type EmailApi, sendWithApi } from "./http-send.js";
import { loadEmailActions } from "./load-actions.js";

/** What every HTTP email provider accepts: the email provider's settings, `apiKey` and `from` among them. */
export type HttpEmailOptions = EmailUserConfig;

export function httpEmailProvider(
  identity: { id: string; name: string },
  api: EmailApi,
  options: HttpEmailOptions | undefined,
): EmailConfig {
  const defaults: EmailConfig = {
    ...identity,
    type: "email",
    sendVerificationRequest: (params) => sendWithApi(params, api),
    actions: loadEmailActions,
  };
  return { ...mergeProviderOptions<EmailConfig>(defaults, options), options };
}
