/**
 * `GET /signin` renders the sign-in page (or redirects to `pages.signIn`); `POST /signin/<provider>`
 * (CSRF-checked) starts an OAuth/OIDC sign-in by redirecting to the provider's authorization URL, or
 * an email sign-in by mailing a link (the email provider's own action, signin-email.ts).
 * Credentials forms post to `/callback/<id>` instead, so a POST here for them just shows the page again.
 */
import { InvalidProvider } from "../../errors.js";
import type { Cookie, ProviderStyle, ResponseInternal } from "../../types.js";
import { asksForLink } from "../account/link-target.js";
import { isUnconfiguredProvider, unconfiguredProviderText } from "../assert.js";
import { assertCsrf } from "../csrf.js";
import { pageUrl, withQuery } from "../errors.js";
import type { InternalOAuthProvider, InternalProvider } from "../internal.js";
import { getAuthorizationUrl } from "../oauth/authorization-url.js";
import { loadStyle } from "../pages/provider-button.js";
import { renderSignInPage } from "../pages/signin.js";
import { loadEmailActions, loadWebAuthnActions } from "../provider-loader.js";
import { html } from "../response.js";
import type { ActionContext } from "./context.js";
import { actionHref } from "./paths.js";

function requireKnownProvider({ request, options }: ActionContext) {
  if (request.providerId !== undefined && !options.provider) {
    throw new InvalidProvider(`No provider with id "${request.providerId}" is configured.`);
  }
}

/**
 * RFC 6749 §4.1.1: the authorization request names the client, at an endpoint found from the issuer (OIDC).
 * A provider lacking either because its AUTH_<ID>_* key is blank could only send the user to the provider's own
 * error page, or nowhere; this answers the configuration error page naming the keys instead (actions/error.ts).
 */
function requireConfigured(provider: InternalOAuthProvider): void {
  if (!isUnconfiguredProvider(provider)) return;
  throw new InvalidProvider(unconfiguredProviderText(provider), { cause: { provider: provider.id } });
}

/** The OAuth/OIDC providers' button styles, by provider id: the catalog's load here, with the page. */
async function providerStyles(providers: InternalProvider[]): Promise<Map<string, ProviderStyle>> {
  const styles = new Map<string, ProviderStyle>();
  for (const provider of providers) {
    if (provider.type !== "oauth" && provider.type !== "oidc") continue;
    const style = await loadStyle(provider.style);
    if (style) styles.set(provider.id, style);
  }
  return styles;
}

/** The forms providers render themselves (a passkey's, with its script), by provider id. */
async function ownForms(providers: InternalProvider[], callbackUrl: string): Promise<Map<string, string>> {
  const forms = new Map<string, string>();
  for (const provider of providers) {
    if (provider.type === "webauthn") {
      forms.set(provider.id, (await loadWebAuthnActions(provider)).signInForm(provider, callbackUrl));
    }
  }
  return forms;
}

export async function signInPage(context: ActionContext): Promise<ResponseInternal> {
  requireKnownProvider(context);
  const { request, options, cookies } = context;
  const { pages } = options;
  if (pages.signIn) {
    const params = new URLSearchParams({ callbackUrl: options.callbackUrl });
    if (request.error) params.set("error", request.error);
    return { redirect: withQuery(pageUrl(request.url.origin, pages.signIn), params), cookies };
  }
  const providers = options.provider ? [options.provider] : options.providers;
  const page = renderSignInPage({
    providers,
    ownForms: await ownForms(providers, options.callbackUrl),
    styles: await providerStyles(providers),
    csrfToken: options.csrfToken,
    callbackUrl: options.callbackUrl,
    error: request.error,
    theme: options.theme,
  });
  return html(page, 200, { cookies });
}

/** With `link=true`: the intent cookie of a link the signed-in user starts now (core/account/link-intent.ts). */
async function linkCookies(context: ActionContext, provider: InternalProvider): Promise<Cookie[]> {
  if (!asksForLink(context)) return [];
  const { startLink } = await import("../account/link-intent.js");
  return startLink(context, provider);
}

export async function signIn(context: ActionContext): Promise<ResponseInternal> {
  requireKnownProvider(context);
  const { request, options, cookies, skipCSRFCheck } = context;
  assertCsrf("signin", options.csrfTokenVerified, skipCSRFCheck);
  const provider = options.provider;
  if (provider?.type === "oauth" || provider?.type === "oidc") {
    requireConfigured(provider);
    const link = await linkCookies(context, provider);
    const authorization = await getAuthorizationUrl(options, provider, request.query);
    return { redirect: authorization.redirect, cookies: [...cookies, ...link, ...authorization.cookies] };
  }
  if (provider?.type === "email") return (await loadEmailActions(provider)).signIn(context, provider);
  // A passkey registers in the browser next (webauthn-options, then the callback): only the intent is set here.
  if (provider?.type === "webauthn") {
    return {
      redirect: actionHref(options.url, "signin"),
      cookies: [...cookies, ...(await linkCookies(context, provider))],
    };
  }
  return { redirect: actionHref(options.url, "signin"), cookies };
}
