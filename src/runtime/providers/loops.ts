/**
 * Email (magic link) sign-in sent with Loops' transactional API (`POST https://app.loops.so/api/v1/transactional`,
 * a Bearer API key): the mail is a transactional email designed in Loops, whose ID is `transactionalId`; the
 * link reaches it as the data variable `url`, which the design must place in a button or link. `apiKey`
 * defaults to AUTH_LOOPS_KEY. No `from`: the design holds the sender. core/email/http-send.ts sends it.
 */
import { type HttpEmailOptions, httpEmailProvider } from "../core/email/http-provider.js";
import type { EmailApi } from "../core/email/http-send.js";
import type { EmailConfig } from "../types-email.js";

export interface LoopsOptions extends HttpEmailOptions {
  /** The ID of the published transactional email (Loops, Transactional, the email's API details). */
  transactionalId?: string;
}

function loopsApi(options: LoopsOptions | undefined): EmailApi {
  return {
    vendor: "Loops",
    needsFrom: false,
    request: ({ apiKey, to, url }) => {
      const transactionalId = options?.transactionalId;
      if (!transactionalId)
        throw new Error("The loops provider has no `transactionalId` (the email designed in Loops).");
      return {
        url: "https://app.loops.so/api/v1/transactional",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ transactionalId, email: to, dataVariables: { url } }),
      };
    },
    // Loops' errors: `{ success: false, message }`.
    errorDetail: (body) => {
      const { message } = (body ?? {}) as { message?: unknown };
      return typeof message === "string" ? message : undefined;
    },
  };
}

export default function loops(options?: LoopsOptions): EmailConfig {
  return httpEmailProvider({ id: "loops", name: "Loops" }, loopsApi(options), options);
}
