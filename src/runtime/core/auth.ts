/**
 * The request path, in one direction: the config, resolved once per config object (core/config.ts) and
 * handed on from here → parse (with what it reads of that config) → the options of this request's origin →
 * assert the configuration → init (CSRF, callback URL) → the reference's session cookie moved
 * (core/cookies/legacy-session.ts) → one action → Response. Errors are answered in one place (core/errors.ts),
 * from the same resolved config; nothing the client sees carries a stack trace.
 */
import { AuthError, InputTooLarge, RateLimited } from "../errors.js";
import { type AuthConfig, type Cookie, type RawMarker, type ResponseInternal, raw, skipCSRFCheck } from "../types.js";
import { assertConfig } from "./assert.js";
import { type ResolvedConfig, resolveConfig, resolveOptions } from "./config.js";
import { adoptLegacySession, presentsLegacySession, withMovedSession } from "./cookies/legacy-session.js";
import { actionErrorResponse, configurationErrorResponse, requestErrorResponse, toError } from "./errors.js";
import { init } from "./init.js";
import type { InternalOptions, RequestInternal } from "./internal.js";
import { rateLimitedResponse } from "./limits/answer.js";
import { parseRequest, parseServerGet } from "./request.js";
import { toResponse } from "./response.js";
import { route } from "./route.js";
import { createSessionStore } from "./session/index.js";

/**
 * Handles one auth request. With `config.raw === raw` it resolves to the internal response object (and
 * rethrows AuthErrors, so server-side callers such as form actions can handle them); otherwise to a Response.
 */
export async function Auth(request: Request, config: AuthConfig & { raw: RawMarker }): Promise<ResponseInternal>;
export async function Auth(request: Request, config: Omit<AuthConfig, "raw">): Promise<Response>;
export async function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  const resolved = resolveConfig(config);
  let internalRequest: RequestInternal;
  try {
    // A GET parses without awaiting anything (no body): no microtask for it on every session read.
    const parsed = parseRequest(request, resolved.rules);
    internalRequest = parsed instanceof Promise ? await parsed : parsed;
  } catch (error) {
    const isRaw = config.raw === raw;
    const pageWanted = request.headers.has("X-Auth-Return-Redirect");
    // A server-side caller (a form action's helper) gets a refused body thrown, as it gets any AuthError.
    if (isRaw && !pageWanted && error instanceof InputTooLarge) {
      resolved.static.logger.error(error);
      throw error;
    }
    const result = requestErrorResponse(error, { request, config: resolved });
    return isRaw ? result : toResponse(result, pageWanted);
  }

  return answer(internalRequest, config, resolved);
}

/**
 * A GET the app's own server code makes (a session read, core/server/session-read.ts), from the URL and headers
 * it would put on a web Request: the same path as `Auth`'s after parsing, without building that Request only
 * to parse it back (core/request.ts parseServerGet). `toRequest` makes it if something asks for it.
 */
export async function authServerGet(
  url: string,
  headers: Headers,
  toRequest: () => Request,
  config: AuthConfig & { raw: RawMarker },
): Promise<ResponseInternal>;
export async function authServerGet(
  url: string,
  headers: Headers,
  toRequest: () => Request,
  config: Omit<AuthConfig, "raw">,
): Promise<Response>;
export async function authServerGet(
  url: string,
  headers: Headers,
  toRequest: () => Request,
  config: AuthConfig,
): Promise<Response | ResponseInternal> {
  const resolved = resolveConfig(config);
  let internalRequest: RequestInternal;
  try {
    internalRequest = parseServerGet(url, headers, resolved.rules, toRequest);
  } catch (error) {
    const result = requestErrorResponse(error, { request: toRequest(), config: resolved });
    return config.raw === raw ? result : toResponse(result, false);
  }
  return answer(internalRequest, config, resolved);
}

/** The request path after parsing, shared by `Auth` and `authServerGet`: options, assert, init, one action. */
async function answer(
  internalRequest: RequestInternal,
  config: AuthConfig,
  resolved: ResolvedConfig,
): Promise<Response | ResponseInternal> {
  const isRaw = config.raw === raw;
  const { logger } = resolved.static;
  // Asked only of a result that redirects (and of an error): a session read never looks the header up.
  const returnRedirect = () => internalRequest.headers.has("X-Auth-Return-Redirect");
  const finish = (result: ResponseInternal) =>
    isRaw ? result : toResponse(result, result.redirect !== undefined && returnRedirect());
  // The fields are gathered only when they are logged: `debug` is off in production.
  if (resolved.static.debug) {
    logger.debug("request", {
      method: internalRequest.method,
      action: internalRequest.action,
      ...(internalRequest.providerId !== undefined ? { providerId: internalRequest.providerId } : {}),
    });
  }

  let options: InternalOptions | undefined;
  let configError: Error | undefined;
  try {
    options = resolveOptions(resolved, internalRequest);
    configError = assertConfig(internalRequest, options, resolved);
  } catch (error) {
    configError = toError(error);
  }
  if (configError || !options) {
    const { basePath, pages, theme } = resolved.static;
    return finish(
      configurationErrorResponse(configError, { request: internalRequest, basePath, pages, theme, logger }),
    );
  }

  const skip = config.skipCSRFCheck === skipCSRFCheck;
  let cookies: Cookie[] = [];
  try {
    const initialized = await init(internalRequest, options, skip);
    cookies = initialized.cookies;
    // Before the store reads the request's cookies: a session still under the reference's name moves.
    const moved = presentsLegacySession(internalRequest, initialized.options)
      ? await adoptLegacySession(internalRequest, initialized.options)
      : null;
    const result = await route({
      request: internalRequest,
      options: initialized.options,
      cookies,
      sessionStore: createSessionStore(internalRequest, initialized.options),
      skipCSRFCheck: skip,
    });
    return finish(moved ? withMovedSession(result, moved) : result);
  } catch (error) {
    if (isRaw && error instanceof AuthError && !returnRedirect()) {
      logger.error(error);
      throw error;
    }
    if (error instanceof RateLimited) {
      logger.error(error);
      const { basePath, pages, theme } = options;
      return finish(
        rateLimitedResponse(error, { request: internalRequest, basePath, pages, theme, cookies, raw: isRaw }),
      );
    }
    const result = actionErrorResponse(error, {
      request: internalRequest,
      basePath: options.basePath,
      pages: options.pages,
      theme: options.theme,
      logger,
      cookies,
    });
    return finish(result);
  }
}
