/**
 * `GET /csrf`: the token client-side forms must post back. With the `skipCSRFCheck` marker there is no
 * token to give: 404, and any stale csrf cookie is cleared.
 */
import type { ResponseInternal } from "../../types.js";
import { expiredCookie } from "../cookies/names.js";
import { json, NO_CACHE_HEADERS } from "../response.js";
import type { ActionContext } from "./context.js";

export function csrf({ options, cookies, skipCSRFCheck }: ActionContext): ResponseInternal {
  if (skipCSRFCheck) {
    const { name, options: attributes } = options.cookies.csrfToken;
    return json({ message: "CSRF protection is handled by the framework: there is no token." }, 404, {
      cookies: [...cookies, expiredCookie(name, attributes)],
    });
  }
  return {
    status: 200,
    headers: { "Content-Type": "application/json", ...NO_CACHE_HEADERS },
    body: { csrfToken: options.csrfToken },
    cookies,
  };
}
