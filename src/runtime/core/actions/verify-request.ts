/** `GET /verify-request`: "check your email" after an email sign-in link was sent (or `pages.verifyRequest`). */
import type { ResponseInternal } from "../../types.js";
import { pageUrl } from "../errors.js";
import { renderVerifyRequestPage } from "../pages/verify-request.js";
import { html } from "../response.js";
import type { ActionContext } from "./context.js";

export function verifyRequest({ request, options, cookies }: ActionContext): ResponseInternal {
  if (options.pages.verifyRequest) {
    return { redirect: pageUrl(request.url.origin, options.pages.verifyRequest), cookies };
  }
  return html(renderVerifyRequestPage({ url: options.url, theme: options.theme, type: request.query.type }), 200, {
    cookies,
  });
}
