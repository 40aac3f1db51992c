/**
 * Apple's client secret is a JWT that expires (six months at most, providers/apple-secret.ts): once it has,
 * every Sign in with Apple fails at the token exchange with `invalid_client`, months after it was set. The
 * doctor reads its `exp` (no key needed, no signature checked) and warns a month ahead, naming the command
 * that makes a new one; an expired one is an error, as a missing key is (sign-in with Apple cannot work).
 */
import { type Finding, finding } from "../../checks/finding.js";
import { appleSecretExpiry, expiryDay } from "../../providers/apple-secret.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import type { DoctorContext } from "./context.js";

/** How long before the expiry the doctor starts saying so. */
const WARN_DAYS = 30;
const DAY_MS = 86_400_000;

export function checkAppleSecret(
  ctx: DoctorContext,
  providers: readonly Pick<ProviderEntry, "id">[],
  envFile: string,
  now: Date = new Date(),
): Finding[] {
  if (!providers.some((provider) => provider.id === "apple")) return [];
  const secret = ctx.env["AUTH_APPLE_SECRET"]?.trim();
  const expiresAt = secret ? appleSecretExpiry(secret) : null;
  if (!expiresAt) return [];
  const days = Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS);
  if (days >= WARN_DAYS) return [];
  const fix = `make a new one from your Apple key: npx create-auth add-provider apple --p8 <AuthKey_KEYID.p8> --key-id <KEYID> --team-id <TEAMID> --client-id <SERVICES_ID>${ctx.production ? ", then set it as AUTH_APPLE_SECRET in the deployment's environment" : ""}`;
  const where = ctx.production ? undefined : envFile;
  if (expiresAt.getTime() <= now.getTime()) {
    return [
      finding(
        "error",
        "provider.apple-secret-expired",
        `AUTH_APPLE_SECRET expired on ${expiryDay(expiresAt)}: Apple refuses it, so every Sign in with Apple fails (invalid_client).`,
        fix,
        where,
      ),
    ];
  }
  return [
    finding(
      "warning",
      "provider.apple-secret-expiring",
      `AUTH_APPLE_SECRET expires on ${expiryDay(expiresAt)} (in ${days === 0 ? "less than a day" : `${days} day${days === 1 ? "" : "s"}`}); after that, every Sign in with Apple fails (invalid_client).`,
      fix,
      where,
    ),
  ];
}
