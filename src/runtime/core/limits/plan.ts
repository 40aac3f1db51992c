/**
 * The one place that decides which requests are rate limited: from the action, the method and the provider's
 * type, which rules (rate-limit/rules.ts) to count and under which keys (the client's network, the account
 * the request names), and which account counter a success clears. Every other request is not limited. The
 * check itself runs once, before the action (check.ts); actions know nothing of it.
 *
 * | Request | Rules (key) | A success clears |
 * |---|---|---|
 * | `POST /signin/<email>` (mails a link) | mailPerIp (ip), mailPerAccount (the typed `email`) | |
 * | `POST /callback/<credentials>` | signInPerIp (ip), signInPerAccount (the identifier) | signInPerAccount |
 * | `GET /webauthn-options/<passkey>` | passkeyPerIp (ip) | |
 * | `POST /callback/<passkey>` | signInPerIp (ip) | |
 * | `POST /callback/<password>` (sign-in) | signInPerIp (ip), signInPerAccount (the `email`) | signInPerAccount |
 * | `POST /signup/<password>` (mails a link) | signUpPerIp (ip), mailPerIp (ip), mailPerAccount (the `email`) | |
 * | `POST /forgot-password/<password>` (mails a link) | mailPerIp (ip), mailPerAccount (the `email`) | |
 * | `POST /reset-password/<password>`, `POST /change-password/<password>` | signInPerIp (ip) | |
 *
 * A reset proves itself with a 256-bit token and a change with the session and the current password: what
 * needs bounding there is the hashing each one costs, per network. The change's account is the session's,
 * which the check does not read; its current password is still bounded per network.
 */
import type { RateLimitRuleName } from "../../rate-limit/options.js";
import type { CredentialsConfig } from "../../types.js";
import type { InternalProvider, RequestInternal } from "../internal.js";

export type LimitCheck =
  | { readonly rule: RateLimitRuleName; readonly by: "ip" }
  /** `identifier`: what the client typed (an address, a user name), keyed by rate-limit/keys.ts accountKey. */
  | { readonly rule: RateLimitRuleName; readonly by: "account"; readonly identifier: string };

export interface LimitPlan {
  /** Counted in this order; the first refusal answers, and the checks after it are not counted. */
  readonly checks: readonly LimitCheck[];
  /** The account counters a successful action clears (a correct password ends the owner's delay). */
  readonly clearOnSuccess: readonly RateLimitRuleName[];
}

/** A typed identifier longer than this is no one's: it is cut, so a huge field costs one hash, not more. */
const MAX_IDENTIFIER = 320;

function typed(value: string | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed.slice(0, MAX_IDENTIFIER);
}

function account(rule: RateLimitRuleName, identifier: string | undefined): LimitCheck[] {
  return identifier === undefined ? [] : [{ rule, by: "account", identifier }];
}

/**
 * The account a credentials form names: the first field the provider declares that is not a password
 * (`email`, `username`), else a posted `email` or `username`. A form naming none is limited per network only.
 */
export function credentialsIdentifier(
  provider: Pick<CredentialsConfig, "credentials">,
  body: Record<string, string> | undefined,
): string | undefined {
  for (const name of identifierFields(provider.credentials)) {
    const value = typed(body?.[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

const FALLBACK_FIELDS: readonly string[] = ["email", "username"];
/** The fields an identifier is looked for in, per `credentials` object: read once, as the config is. */
const fieldsOf = new WeakMap<object, readonly string[]>();

function identifierFields(credentials: CredentialsConfig["credentials"] | undefined): readonly string[] {
  if (!credentials) return FALLBACK_FIELDS;
  let fields = fieldsOf.get(credentials);
  if (fields === undefined) {
    const declared = Object.entries(credentials)
      .filter(([, input]) => input?.type !== "password")
      .map(([name]) => name);
    fields = [...declared, ...FALLBACK_FIELDS];
    fieldsOf.set(credentials, fields);
  }
  return fields;
}

/** The `password` provider's actions (core/password/), by the action the core routes them under; POST only. */
const PASSWORD_PLANS: Partial<Record<string, (request: RequestInternal) => LimitPlan>> = {
  callback: (request) => ({
    checks: [{ rule: "signInPerIp", by: "ip" }, ...account("signInPerAccount", typed(request.body?.email))],
    clearOnSuccess: ["signInPerAccount"],
  }),
  signup: (request) => ({
    checks: [
      { rule: "signUpPerIp", by: "ip" },
      { rule: "mailPerIp", by: "ip" },
      ...account("mailPerAccount", typed(request.body?.email)),
    ],
    clearOnSuccess: [],
  }),
  "forgot-password": (request) => ({
    checks: [{ rule: "mailPerIp", by: "ip" }, ...account("mailPerAccount", typed(request.body?.email))],
    clearOnSuccess: [],
  }),
  "reset-password": () => ({ checks: [{ rule: "signInPerIp", by: "ip" }], clearOnSuccess: [] }),
  "change-password": () => ({ checks: [{ rule: "signInPerIp", by: "ip" }], clearOnSuccess: [] }),
};

/** What to count for this request, or undefined when it is not limited. */
export function limitPlan(request: RequestInternal, provider: InternalProvider | undefined): LimitPlan | undefined {
  if (!provider) return undefined;
  const { method, action } = request;
  switch (provider.type) {
    case "email":
      if (method !== "POST" || action !== "signin") return undefined;
      return {
        checks: [{ rule: "mailPerIp", by: "ip" }, ...account("mailPerAccount", typed(request.body?.email))],
        clearOnSuccess: [],
      };
    case "credentials":
      if (method !== "POST" || action !== "callback") return undefined;
      return {
        checks: [
          { rule: "signInPerIp", by: "ip" },
          ...account("signInPerAccount", credentialsIdentifier(provider, request.body)),
        ],
        clearOnSuccess: ["signInPerAccount"],
      };
    case "webauthn":
      if (method === "GET" && action === "webauthn-options") {
        return { checks: [{ rule: "passkeyPerIp", by: "ip" }], clearOnSuccess: [] };
      }
      if (method === "POST" && action === "callback") {
        return { checks: [{ rule: "signInPerIp", by: "ip" }], clearOnSuccess: [] };
      }
      return undefined;
    case "password":
      return method === "POST" ? PASSWORD_PLANS[action]?.(request) : undefined;
    default:
      return undefined;
  }
}
