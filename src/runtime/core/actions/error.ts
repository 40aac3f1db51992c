/** `GET /error`: the error page, with its status by type (or a redirect to `pages.error`). */
import type { ResponseInternal } from "../../types.js";
import { pageUrl, withQuery } from "../errors.js";
import { renderErrorPage } from "../pages/error.js";
import { html } from "../response.js";
import type { ActionContext } from "./context.js";

export function errorPage({ request, options, cookies }: ActionContext): ResponseInternal {
  if (options.pages.error) {
    const params = new URLSearchParams(request.error ? { error: request.error } : {});
    return { redirect: withQuery(pageUrl(request.url.origin, options.pages.error), params), cookies };
  }
  const { status, html: page } = renderErrorPage({ type: request.error, url: options.url, theme: options.theme });
  return html(page, status, { cookies });
}
