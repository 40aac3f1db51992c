/**
 * `GET /error`: the error page, with its status by type (or a redirect to `pages.error`). A Configuration error
 * about a provider whose blank AUTH_<ID>_* keys leave it unable to sign in (`?provider=`, set by the sign-in
 * that found it) names the env keys to fill, and only when that provider really lacks them: the page never
 * repeats what the query says.
 */

import type { ResponseInternal } from "../../types.js";
import { isUnconfiguredProvider, missingProviderKeysText } from "../assert.js";
import { configurationHelpPage, pageUrl, withQuery } from "../errors.js";
import type { InternalProvider } from "../internal.js";
import { renderErrorPage } from "../pages/error.js";
import { html } from "../response.js";
import type { ActionContext } from "./context.js";

function unconfigured(providers: InternalProvider[], id: string | undefined): InternalProvider | undefined {
  if (id === undefined) return undefined;
  return providers.find((provider) => provider.id === id && isUnconfiguredProvider(provider));
}

export function errorPage({ request, options, cookies }: ActionContext): ResponseInternal {
  const provider =
    request.error === "Configuration" ? unconfigured(options.providers, request.query.provider) : undefined;
  if (options.pages.error) {
    const params = new URLSearchParams(request.error ? { error: request.error } : {});
    if (provider) params.set("provider", provider.id);
    return { redirect: withQuery(pageUrl(request.url.origin, options.pages.error), params), cookies };
  }
  if (provider) {
    const help = `Sign-in with ${provider.name} is not set up yet: ${missingProviderKeysText(provider)}`;
    return html(configurationHelpPage({ theme: options.theme, help }), 500, { cookies });
  }
  const { status, html: page } = renderErrorPage({ type: request.error, url: options.url, theme: options.theme });
  return html(page, status, { cookies });
}
