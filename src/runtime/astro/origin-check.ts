/**
 * Astro's `checkOrigin` for every route but the auth actions. Astro refuses a cross-site form POST to any
 * on-demand route before the route (or any middleware of the app) runs, and an app can only turn that off as a
 * whole (`security: { checkOrigin: false }`). A provider that answers with a form POST (`response_mode=form_post`:
 * Apple) posts its answer cross-site to `<basePath>/callback/<provider>`, which Astro's check refuses with 403.
 * An app using such a provider turns Astro's check off and puts this middleware first: the same rule keeps
 * guarding its own pages, endpoints and actions, while the auth actions keep the core's own guards (the CSRF
 * token, the browser's Origin and Sec-Fetch-Site on sign-in and sign-out, state/PKCE/nonce on a callback).
 */

/** Astro's form-like content types: those a cross-site page can post without a preflight (Fetch §4.7 CORS-safelisted). */
const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Astro's own rule (astro/dist/core/app/origin-check.js, `isForbiddenCrossOriginRequest`): a state-changing
 * request whose `Origin` is not the URL's own origin is refused when it carries a form-like body, or no
 * content type at all. A JSON body needs a CORS preflight from another site, which the app does not grant.
 */
export function isCrossSiteForm(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const sameOrigin = request.headers.get("origin") === url.origin;
  const type = request.headers.get("content-type")?.toLowerCase();
  if (type === undefined) return !sameOrigin;
  return FORM_CONTENT_TYPES.some((formType) => type.includes(formType)) && !sameOrigin;
}

/** Astro's answer to a refused request, word for word, so the app sees the same 403 either way. */
export function crossSiteFormResponse(request: Request): Response {
  return new Response(`Cross-site ${request.method} form submissions are forbidden`, { status: 403 });
}
