/**
 * For providers whose token endpoint answers less than RFC 6749 §5.1 asks (ClickUp's and Foursquare's bare
 * `{ access_token }`, Mailchimp's `expires_in: 0` and `scope: null`), or something other than OpenID Connect
 * under its names (VK's and PayPal's `id_token`): their answer restated as the standard token response a
 * provider's `token.request` returns, which the core then checks like any other. One rule for all of them, so
 * each provider only says how its request is sent.
 */
import { parseJsonExact } from "./exact-json.js";

/**
 * A token answer's JSON object, or null for anything else. Read through parseJsonExact: these answers are
 * serialised again, and an integer past 2^53 in them (Threads' `user_id`) would otherwise come out another number.
 */
export async function tokenAnswerJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const parsed = parseJsonExact(await response.text());
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The answer as RFC 6749 §5.1 shapes it: `token_type` `bearer` when missing (these servers document Bearer
 * use, or none), an `expires_in` of 0 or below and a null `scope` dropped (both mean "not said"). A failure
 * (an HTTP error, or no access token in the answer) becomes a §5.2 error naming the provider.
 */
export async function standardTokenAnswer(response: Response, providerName: string): Promise<Response> {
  const answer = (await tokenAnswerJson(response)) ?? {};
  if (!response.ok || typeof answer.access_token !== "string") {
    const said = answer.error_description ?? answer.err ?? answer.error ?? answer.message;
    return Response.json(
      {
        error: typeof answer.error === "string" ? answer.error : "invalid_grant",
        error_description: `${providerName}'s token endpoint answered ${response.status}${typeof said === "string" ? `: ${said}` : ""}`,
      },
      { status: 400 },
    );
  }
  const { expires_in, scope, ...rest } = answer;
  return Response.json({
    ...rest,
    token_type: typeof answer.token_type === "string" ? answer.token_type : "bearer",
    ...(typeof expires_in === "number" && expires_in > 0 ? { expires_in } : {}),
    ...(typeof scope === "string" ? { scope } : {}),
  });
}

/** RFC 6749 §5.2 `unsupported_grant_type`, for a refresh asked of a provider whose tokens cannot be refreshed. */
export function noRefresh(providerName: string): Response {
  return Response.json(
    { error: "unsupported_grant_type", error_description: `${providerName} issues no refresh tokens` },
    { status: 400 },
  );
}

/**
 * The answer without its `id_token`, for a plain OAuth 2.0 provider whose `id_token` is not an OpenID Connect ID
 * token (VK ID's is issued by `VKID`; PayPal's names the user in `user_id`, not `sub`): the token response check
 * would otherwise validate it as one (OpenID Connect Core §3.1.3.7) and refuse the sign-in. The profile of such
 * a provider comes from its own API, never from that token, so nothing the sign-in relies on is dropped. Any
 * other answer (an error, one without an `id_token`) is returned as it came.
 */
export async function withoutIdToken(response: Response): Promise<Response> {
  const answer = await tokenAnswerJson(response.clone());
  if (!answer || !("id_token" in answer)) return response;
  const { id_token: _notOpenIdConnect, ...rest } = answer;
  return Response.json(rest, { status: response.status });
}
