/**
 * The per-flow secrets that bind an authorization response to the browser that started it: the PKCE code
 * verifier (RFC 7636), the state (RFC 6749 §10.12, RFC 9700 §4.7) and the OIDC nonce (OpenID Connect Core
 * §15.5.2). Each lives in its own cookie, sealed with the secret (salt = the cookie's name), holding
 * `{ value, provider }`, valid 15 minutes, and is cleared once the callback used it.
 */
import { InvalidCheck } from "../../errors.js";
import { decode, encode } from "../../jwt.js";
import type { Cookie, CookieOption, CookiesOptions } from "../../types.js";
import type { InternalOAuthProvider, InternalOptions, RequestInternal } from "../internal.js";

/** Lifetime of a check cookie and of the encoded state: a sign-in must finish within 15 minutes. */
export const CHECK_MAX_AGE = 15 * 60;

export type CheckName = "pkce" | "state" | "nonce";

const cookieKey: Record<CheckName, keyof CookiesOptions> = {
  pkce: "pkceCodeVerifier",
  state: "state",
  nonce: "nonce",
};

const label: Record<CheckName, string> = {
  pkce: "PKCE code_verifier",
  state: "state",
  nonce: "nonce",
};

/**
 * The checks a flow really performs. PKCE (RFC 9700 §2.1.1) and state (RFC 9700 §2.1: cheap, and it covers
 * authorization servers that silently ignore PKCE) always; the nonce when the provider asks for it (OIDC
 * defaults do). `"none"` opts out of all of them, for servers that reject the extra parameters.
 */
export function effectiveChecks(provider: InternalOAuthProvider): Set<CheckName> {
  if (provider.checks.includes("none")) return new Set();
  const checks = new Set<CheckName>(["pkce", "state"]);
  if (provider.checks.includes("nonce")) checks.add("nonce");
  return checks;
}

/** Where a check cookie goes; `form_post` responses arrive cross-site as POSTs, so they need SameSite=None. */
function cookieOption(options: InternalOptions, check: CheckName, formPost = false): CookieOption {
  const option = options.cookies[cookieKey[check]];
  if (!formPost) return option;
  return { name: option.name, options: { ...option.options, sameSite: "none", secure: true } };
}

/** Seal `value` for `provider` into the check's cookie. */
export async function createCheckCookie(
  options: InternalOptions,
  provider: InternalOAuthProvider,
  check: CheckName,
  value: string,
  formPost = false,
): Promise<Cookie> {
  const { name, options: attributes } = cookieOption(options, check, formPost);
  const sealed = await encode({
    token: { value, provider: provider.id },
    salt: name,
    secret: options.secret,
    maxAge: CHECK_MAX_AGE,
  });
  return {
    name,
    value: sealed,
    options: { ...attributes, maxAge: CHECK_MAX_AGE, expires: new Date(Date.now() + CHECK_MAX_AGE * 1000) },
  };
}

/**
 * Unseal the check's cookie and return the value it holds for `provider`, with the cookie that clears it.
 * Each failure is its own InvalidCheck, naming the check: the cookie is missing (expired, blocked, another
 * browser), cannot be unsealed (tampered, another secret), or was minted for another provider (a response
 * from provider A replayed into provider B's callback).
 */
export async function consumeCheckCookie(
  request: RequestInternal,
  options: InternalOptions,
  provider: InternalOAuthProvider,
  check: CheckName,
): Promise<{ value: string; clear: Cookie }> {
  const { name, options: attributes } = cookieOption(options, check);
  const sealed = request.cookies[name];
  if (!sealed) throw new InvalidCheck(`${label[check]} cookie was missing.`);
  let payload: { value?: unknown; provider?: unknown } | null;
  try {
    payload = await decode<{ value?: unknown; provider?: unknown }>({
      token: sealed,
      salt: name,
      secret: options.secret,
    });
  } catch (cause) {
    throw new InvalidCheck(`${label[check]} cookie could not be unsealed (tampered, expired or another secret).`, {
      cause,
    });
  }
  if (!payload || typeof payload.value !== "string") {
    throw new InvalidCheck(`${label[check]} cookie holds no value.`);
  }
  if (payload.provider !== provider.id) {
    throw new InvalidCheck(`${label[check]} cookie was minted for another provider, not "${provider.id}".`);
  }
  return { value: payload.value, clear: { name, value: "", options: { ...attributes, maxAge: 0 } } };
}

/** The cookies that clear every check cookie, whatever happened to the flow. */
export function clearCheckCookies(options: InternalOptions): Cookie[] {
  return (Object.keys(cookieKey) as CheckName[]).map((check) => {
    const { name, options: attributes } = cookieOption(options, check);
    return { name, value: "", options: { ...attributes, maxAge: 0 } };
  });
}
