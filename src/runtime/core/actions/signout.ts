/**
 * `GET /signout` asks for confirmation (or redirects to `pages.signOut`); `POST /signout` (CSRF-checked,
 * so no other site can sign users out) ends the session, clears every session-cookie chunk and redirects.
 */
import type { ResponseInternal } from "../../types.js";
import { assertCsrf } from "../csrf.js";
import { pageUrl } from "../errors.js";
import { renderSignOutPage } from "../pages/signout.js";
import { html } from "../response.js";
import type { ActionContext } from "./context.js";

export function signOutPage({ request, options, cookies }: ActionContext): ResponseInternal {
  if (options.pages.signOut) return { redirect: pageUrl(request.url.origin, options.pages.signOut), cookies };
  const page = renderSignOutPage({
    url: options.url,
    csrfToken: options.csrfToken,
    callbackUrl: options.callbackUrl,
    theme: options.theme,
  });
  return html(page, 200, { cookies });
}

export async function signOut({
  options,
  cookies,
  sessionStore,
  skipCSRFCheck,
}: ActionContext): Promise<ResponseInternal> {
  assertCsrf("signout", options.csrfTokenVerified, skipCSRFCheck);
  const { ended, cookies: cleared } = await sessionStore.destroy();
  if (ended) await options.events.signOut?.(ended);
  return { redirect: options.callbackUrl, cookies: [...cookies, ...cleared] };
}
