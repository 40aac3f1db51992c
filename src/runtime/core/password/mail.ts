/**
 * The password provider's three mails (the address proof, the reset link, the "you already have an account"
 * notice) and their delivery. Like the sign-in email (core/email/message.ts), a mail holds no text from the
 * request: only links built from the configured base URL and a token, URL-encoded and escaped.
 *
 * Delivery never holds up the answer: sign-up and forgot-password answer the same whether an account exists
 * or not, and one branch mails while the other may not (or mails something else), so awaiting the SMTP
 * conversation would tell the two apart by time. The work is handed to the provider's `waitUntil` where the
 * platform needs one, and its failure is logged (the person asks again; nothing they are shown depends on it).
 */
import { EmailSignInError } from "../../errors.js";
import type { Theme } from "../../types.js";
import type { PasswordMail, PasswordMailKind } from "../../types-password.js";
import { sendOverSmtp } from "../email/send.js";
import { toError } from "../errors.js";
import type { InternalOptions, InternalPasswordProvider } from "../internal.js";
import { escapeHtml } from "../pages/html.js";

const WORDING: Record<
  PasswordMailKind,
  { subject: string; title: string; intro: string; button: string; outro: string }
> = {
  "verify-email": {
    subject: "Confirm your email address",
    title: "Confirm your email address",
    intro: "Open this link and enter the password you chose to confirm this address and sign in:",
    button: "Confirm my address",
    outro: "If you did not create an account, ignore this email: nobody can use the account without this link.",
  },
  "reset-password": {
    subject: "Reset your password",
    title: "Reset your password",
    intro: "Open this link to choose a new password. It works once, for a limited time:",
    button: "Choose a new password",
    outro: "If you did not ask for this, ignore this email: your password stays as it is.",
  },
  "account-exists": {
    subject: "You already have an account",
    title: "You already have an account",
    intro: "Someone tried to create an account with this address, which already has one. If it was you, sign in:",
    button: "Sign in",
    outro: "Forgot your password? Choose a new one here:",
  },
};

/** A theme colour when it is a plain CSS colour; anything else falls back (no markup or CSS injection). */
function themeColor(value: string | undefined, fallback: string): string {
  return value && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/.test(value) ? value : fallback;
}

/** Renders one mail. `forgotUrl` is the second link of the `account-exists` notice. */
export function renderPasswordMail(params: {
  kind: PasswordMailKind;
  to: string;
  url: string;
  expires?: Date;
  forgotUrl?: string;
  theme: Theme;
}): PasswordMail {
  const { kind, to, url, expires, forgotUrl, theme } = params;
  const words = WORDING[kind];
  const brand = themeColor(theme.brandColor, "#346df1");
  const buttonText = themeColor(theme.buttonText, "#ffffff");
  const second = forgotUrl ? `\n${forgotUrl}\n` : "";
  const text = `${words.intro}\n\n${url}\n\n${words.outro}\n${second}`;
  const secondHtml = forgotUrl
    ? ` <a href="${escapeHtml(forgotUrl)}" target="_blank" style="color:${brand}">Reset your password</a>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(words.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px 24px 8px;text-align:center;font-size:20px;font-weight:600">${escapeHtml(words.title)}</td></tr>
<tr><td style="padding:8px 24px;text-align:center;font-size:14px;line-height:20px">${escapeHtml(words.intro)}</td></tr>
<tr><td style="padding:16px 24px;text-align:center">
<a href="${escapeHtml(url)}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${buttonText};font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(words.button)}</a>
</td></tr>
<tr><td style="padding:8px 24px 32px;text-align:center;font-size:14px;line-height:20px;color:#52525b">${escapeHtml(words.outro)}${secondHtml}</td></tr>
</table>
</body>
</html>
`;
  return { kind, to, subject: words.subject, text, html, url, ...(expires ? { expires } : {}), theme };
}

/**
 * Sends one mail through the provider's `sendMail`, or over its SMTP `server` (the nodemailer provider's path).
 * Called from afterAnswer's work only.
 */
export async function deliverMail(provider: InternalPasswordProvider, mail: PasswordMail): Promise<void> {
  if (provider.sendMail) return provider.sendMail(mail);
  const { subject, text, html } = mail;
  return sendOverSmtp({
    providerId: provider.id,
    server: provider.server,
    from: provider.from,
    to: mail.to,
    message: { subject, text, html },
  });
}

/**
 * Runs `work` (the lookups and writes a branch does, then its mail) after the answer, without the answer
 * waiting for it; hands it to the provider's `waitUntil` when there is one. A failure is logged, never thrown.
 */
export function afterAnswer(
  provider: InternalPasswordProvider,
  options: InternalOptions,
  work: () => Promise<void>,
): void {
  // A macrotask, not a microtask: work started in a microtask would run its first steps (a synchronous
  // adapter's lookup, the token's writes) between the answer's own awaits, before the answer is out.
  const running = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(work).catch((error: unknown) => {
    options.logger.error(
      new EmailSignInError(`The password provider "${provider.id}" could not finish after answering.`, {
        cause: toError(error),
      }),
    );
  });
  provider.waitUntil?.(running);
}
