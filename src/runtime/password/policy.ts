/**
 * The password policy of NIST SP 800-63B-4 §3.1.1.2, as typed reasons a sign-up or change-password page can
 * show: at least 15 characters (8 when the account has a second factor), at most 128 by default (NIST: allow
 * at least 64), counted as code points after NFKC; no composition rules (no "one digit, one symbol"); refused
 * when common (an offline list), repetitive or sequential, or containing the app's or the user's own words;
 * and, opt-in, when Have I Been Pwned knows it (breached.ts). Web-compatible: no node: imports.
 */
import { type BreachCheckOptions, checkBreached } from "./breached.js";
import { isCommonPassword, loadCommonPasswords } from "./common-passwords.js";
import { type ContextSource, contextWords, findContextWord } from "./context-words.js";
import { MAX_PASSWORD_BYTES } from "./input.js";
import { isRepetitive, isSequential } from "./weak-patterns.js";

export interface PasswordPolicyOptions {
  /** Default 15 (NIST's minimum for a password used alone); only raising it is allowed. */
  minLength?: number;
  /** Default 8 (NIST's minimum when the password is one of two factors). */
  minLengthWithSecondFactor?: number;
  /** Default 128; at least 64. */
  maxLength?: number;
  /** Refused inside passwords, with its parts ("Acme Shop" → "acmeshop", "acme", "shop"). */
  appName?: string;
  /** Turns on the online check (off by default: it sends a hash prefix to a third party). */
  breachCheck?: BreachCheckOptions & {
    /**
     * When the API cannot answer: "allow" (default; the offline list still applied, and sign-up should not
     * depend on a third party's uptime) or "refuse" (reason `breach-check-unavailable`: ask to retry).
     */
    whenUnavailable?: "allow" | "refuse";
  };
}

export interface PasswordContext {
  email?: string | undefined;
  name?: string | undefined;
  /** The account has (or is enrolling) a second factor: the shorter minimum applies. */
  hasSecondFactor?: boolean | undefined;
  /** Other words to refuse (a username, the company). */
  words?: readonly string[] | undefined;
}

export type PolicyReason =
  | { code: "invalid" }
  | { code: "too-short"; minimum: number }
  | { code: "too-long"; maximum: number }
  | { code: "common" }
  | { code: "repetitive" }
  | { code: "sequential" }
  | { code: "contains-context"; source: ContextSource }
  | { code: "breached"; count: number }
  | { code: "breach-check-unavailable" };

export interface PolicyResult {
  ok: boolean;
  /** Every reason found (empty when ok), for the page to show them all at once. */
  reasons: PolicyReason[];
  /** What the online check did: "off" (not configured), "skipped" (already refused offline), or its answer. */
  breachCheck: "off" | "skipped" | "clean" | "breached" | "unavailable";
}

export interface PasswordPolicy {
  check(password: unknown, context?: PasswordContext): Promise<PolicyResult>;
}

/** Thrown by createPasswordPolicy for settings below NIST's floors: a deployment mistake, not a user's. */
export class PasswordPolicyConfigError extends Error {
  override name = "PasswordPolicyConfigError";
  readonly code = "password-policy-config";
}

const LONE_SURROGATE = /\p{Cs}/u;

function atLeast(name: string, value: number | undefined, fallback: number, floor: number): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < floor) {
    throw new PasswordPolicyConfigError(`${name} is ${chosen}; NIST SP 800-63B-4 requires at least ${floor}.`);
  }
  return chosen;
}

export function createPasswordPolicy(options: PasswordPolicyOptions = {}): PasswordPolicy {
  const minLength = atLeast("minLength", options.minLength, 15, 15);
  const minWithSecondFactor = atLeast("minLengthWithSecondFactor", options.minLengthWithSecondFactor, 8, 8);
  const maxLength = atLeast("maxLength", options.maxLength, 128, Math.max(64, minLength));

  return {
    async check(password, context = {}) {
      const refuse = (reasons: PolicyReason[]): PolicyResult => ({ ok: false, reasons, breachCheck: "skipped" });
      if (typeof password !== "string" || LONE_SURROGATE.test(password)) return refuse([{ code: "invalid" }]);
      // Bound the work before normalising: the hasher refuses past this anyway.
      if (password.length > MAX_PASSWORD_BYTES) return refuse([{ code: "too-long", maximum: maxLength }]);
      const normalized = password.normalize("NFKC");
      const codePoints = [...normalized];
      if (codePoints.length > maxLength) return refuse([{ code: "too-long", maximum: maxLength }]);

      const reasons: PolicyReason[] = [];
      const minimum = context.hasSecondFactor ? minWithSecondFactor : minLength;
      if (codePoints.length < minimum) reasons.push({ code: "too-short", minimum });
      if (isCommonPassword(normalized, await loadCommonPasswords())) reasons.push({ code: "common" });
      if (isRepetitive(codePoints)) reasons.push({ code: "repetitive" });
      if (isSequential(codePoints)) reasons.push({ code: "sequential" });
      const words = contextWords({ ...context, appName: options.appName });
      const found = findContextWord(normalized, words);
      if (found) reasons.push({ code: "contains-context", source: found.source });

      if (!options.breachCheck) return { ok: reasons.length === 0, reasons, breachCheck: "off" };
      if (reasons.length > 0) return refuse(reasons);
      const breach = await checkBreached(normalized, options.breachCheck);
      if (breach.status === "breached") {
        return { ok: false, reasons: [{ code: "breached", count: breach.count }], breachCheck: "breached" };
      }
      if (breach.status === "unavailable" && options.breachCheck.whenUnavailable === "refuse") {
        return { ok: false, reasons: [{ code: "breach-check-unavailable" }], breachCheck: "unavailable" };
      }
      return { ok: true, reasons: [], breachCheck: breach.status };
    },
  };
}

/** The default policy (15 / 8 / 128, offline checks only) for one password, with the user's context. */
export function checkPasswordPolicy(password: unknown, context?: PasswordContext): Promise<PolicyResult> {
  return createPasswordPolicy().check(password, context);
}
