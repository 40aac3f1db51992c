/**
 * What the server layer's tests (core/server/*.test.ts) share: an integration's config and incoming request
 * against the real core, and a browser the credentials helper has just signed in.
 */
import type { IncomingRequest } from "../../../../src/runtime/core/server/action-request.js";
import type { IntegrationConfig } from "../../../../src/runtime/core/server/config.js";
import { helperSignIn } from "../../../../src/runtime/core/server/sign-in-sign-out.js";
import { baseConfig, DEMO_USER, ORIGIN } from "../support.js";

export const SESSION_COOKIE = "authjs.session-token";

export function config(overrides: Partial<IntegrationConfig> = {}): IntegrationConfig {
  const { raw: _raw, ...rest } = baseConfig(overrides);
  return rest;
}

/** A request to a page of the app, as an integration hands it over. */
export function incoming(headers: Record<string, string> = {}, env: Record<string, string> = {}): IncomingRequest {
  return { headers: { host: "localhost:3000", ...headers }, url: new URL(`${ORIGIN}/journal/`), env };
}

export const CREDENTIALS: Array<[string, string]> = [
  ["email", DEMO_USER.email!],
  ["password", "correct horse"],
];

/** The Cookie header of a browser the credentials helper has just signed in. */
export async function sessionCookie(): Promise<string> {
  const { cookies } = await helperSignIn(config(), incoming(), {
    providerId: "credentials",
    callbackUrl: "/",
    fields: CREDENTIALS,
  });
  const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  return `${SESSION_COOKIE}=${encodeURIComponent(session!.value)}`;
}
