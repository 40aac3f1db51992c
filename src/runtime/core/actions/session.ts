/**
 * `GET /session` returns the caller's session (200 `null` when there is none) and renews its cookie;
 * `POST /session` (CSRF-checked) updates it with the client's `data`, which the callbacks must validate.
 */
import type { ResponseInternal } from "../../types.js";
import { assertCsrf } from "../csrf.js";
import { NO_CACHE_HEADERS } from "../response.js";
import type { ActionContext } from "./context.js";

export async function session({
  request,
  options,
  cookies,
  sessionStore,
  skipCSRFCheck,
}: ActionContext): Promise<ResponseInternal> {
  let update: { data: unknown } | undefined;
  if (request.method === "POST") {
    assertCsrf("session", options.csrfTokenVerified, skipCSRFCheck);
    update = { data: request.rawBody?.data };
  }
  const result = await sessionStore.read(update);
  return {
    status: 200,
    headers: { "Content-Type": "application/json", ...NO_CACHE_HEADERS },
    body: result.session,
    cookies: [...cookies, ...result.cookies],
  };
}
