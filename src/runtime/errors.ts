/**
 * Every error the runtime throws: a class per type, each with a stable `type` string that logs, redirects
 * and users match on. How each maps to a response lives in one place (core/errors.ts), not here.
 */

export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AccountLinkRefused"
  | "AdapterError"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InputTooLarge"
  | "InvalidProvider"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthSignInError"
  | "RateLimited"
  | "SessionTokenError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError";

/** Base class of every runtime error. `cause.err` carries the original error where there was one. */
export class AuthError extends Error {
  static type: ErrorType = "AccessDenied";
  type: ErrorType;
  declare cause?: Record<string, unknown> & { err?: Error };

  constructor(message?: string | ErrorOptions, errorOptions?: ErrorOptions) {
    if (message instanceof Error) {
      super(undefined, { cause: { err: message, ...(message.cause as object | undefined) } });
    } else if (typeof message === "string") {
      if (errorOptions?.cause instanceof Error) {
        errorOptions = { cause: { err: errorOptions.cause, ...(errorOptions.cause.cause as object | undefined) } };
      }
      super(message, errorOptions);
    } else {
      super(undefined, message);
    }
    const ctor = new.target as typeof AuthError;
    this.name = ctor.name;
    this.type = ctor.type;
    this.message ||= `${this.type}: read the server logs for the cause.`;
  }
}

/** Errors that send the user back to the sign-in page with `?error=<type>` instead of the error page. */
export class SignInError extends AuthError {
  static kind = "signIn" as const;
}

export class AdapterError extends AuthError {
  static override type: ErrorType = "AdapterError";
}
/** The `signIn` callback returned false or threw: the user is not allowed in. */
export class AccessDenied extends AuthError {
  static override type: ErrorType = "AccessDenied";
}
export class CallbackRouteError extends AuthError {
  static override type: ErrorType = "CallbackRouteError";
}
export class ErrorPageLoop extends AuthError {
  static override type: ErrorType = "ErrorPageLoop";
}
export class EventError extends AuthError {
  static override type: ErrorType = "EventError";
}
export class InvalidCallbackUrl extends AuthError {
  static override type: ErrorType = "InvalidCallbackUrl";
}
/**
 * Thrown from a credentials provider's `authorize` to reject a sign-in. `code` travels to the sign-in page
 * as `?code=`: keep it vague (never say which of username or password was wrong).
 */
export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin";
  code = "credentials";
}
export class InvalidEndpoints extends AuthError {
  static override type: ErrorType = "InvalidEndpoints";
}
/** A PKCE, state or nonce check failed on the OAuth callback. */
export class InvalidCheck extends AuthError {
  static override type: ErrorType = "InvalidCheck";
}
export class JWTSessionError extends AuthError {
  static override type: ErrorType = "JWTSessionError";
}
export class MissingAdapter extends AuthError {
  static override type: ErrorType = "MissingAdapter";
}
export class MissingAdapterMethods extends AuthError {
  static override type: ErrorType = "MissingAdapterMethods";
}
export class MissingAuthorize extends AuthError {
  static override type: ErrorType = "MissingAuthorize";
}
export class MissingSecret extends AuthError {
  static override type: ErrorType = "MissingSecret";
}
export class OAuthAccountNotLinked extends SignInError {
  static override type: ErrorType = "OAuthAccountNotLinked";
}
export class OAuthCallbackError extends SignInError {
  static override type: ErrorType = "OAuthCallbackError";
}
export class OAuthProfileParseError extends AuthError {
  static override type: ErrorType = "OAuthProfileParseError";
}
export class SessionTokenError extends AuthError {
  static override type: ErrorType = "SessionTokenError";
}
export class OAuthSignInError extends SignInError {
  static override type: ErrorType = "OAuthSignInError";
}
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError";
}
export class SignOutError extends AuthError {
  static override type: ErrorType = "SignOutError";
}
export class UnknownAction extends AuthError {
  static override type: ErrorType = "UnknownAction";
}
export class UnsupportedStrategy extends AuthError {
  static override type: ErrorType = "UnsupportedStrategy";
}
export class InvalidProvider extends AuthError {
  static override type: ErrorType = "InvalidProvider";
}
export class UntrustedHost extends AuthError {
  static override type: ErrorType = "UntrustedHost";
}
/** An email sign-in link that is missing, expired, already used or for another address. */
export class Verification extends AuthError {
  static override type: ErrorType = "Verification";
}
export class MissingCSRF extends SignInError {
  static override type: ErrorType = "MissingCSRF";
}
export class AccountNotLinked extends SignInError {
  static override type: ErrorType = "AccountNotLinked";
}
/**
 * A request to link a sign-in method to the signed-in user that cannot go ahead (core/account/link-intent.ts).
 * `code` says what the user can do, and reaches the sign-in page as `&code=`: `signin` (nobody is signed in),
 * `reauthenticate` (the session's sign-in is older than `linking.maxAuthAge`: sign in again, then link),
 * `restart` (the link started in this browser is gone, expired, used, or for another session or provider).
 */
export class AccountLinkRefused extends SignInError {
  static override type: ErrorType = "AccountLinkRefused";
  code: "signin" | "reauthenticate" | "restart";
  constructor(message: string, code: AccountLinkRefused["code"]) {
    super(message);
    this.code = code;
  }
}
export class DuplicateConditionalUI extends AuthError {
  static override type: ErrorType = "DuplicateConditionalUI";
}
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type: ErrorType = "MissingWebAuthnAutocomplete";
}
export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError";
}
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type: ErrorType = "ExperimentalFeatureNotEnabled";
}

/**
 * A request over one of the input limits (`limits`, core/body.ts): its body (`limit: "body"`, answered 413),
 * its field count (`"fields"`) or one field's length (`"field"`, both 400). Thrown before anything is read
 * past the limit, parsed, stored or mailed.
 */
export class InputTooLarge extends AuthError {
  static override type: ErrorType = "InputTooLarge";
  readonly limit: "body" | "fields" | "field";
  constructor(limit: InputTooLarge["limit"], message: string) {
    super(message);
    this.limit = limit;
  }
}

/**
 * Too many attempts from one client network or at one account (core/limits/, docs/rate-limits.md): answered
 * 429 with `Retry-After` (RFC 6585 §4), or 503 when the counter store is down and the path fails closed
 * (`reason: "store-unavailable"`, RFC 9110 §15.6.4). Thrown before the action runs: nothing was checked,
 * stored or mailed.
 */
export class RateLimited extends AuthError {
  static override type: ErrorType = "RateLimited";
  /** Whole seconds to wait: the `Retry-After` value. */
  readonly retryAfter: number;
  readonly reason: "limited" | "store-unavailable";
  constructor(retryAfter: number, reason: RateLimited["reason"], message: string) {
    super(message);
    this.retryAfter = retryAfter;
    this.reason = reason;
  }
}

/** `MissingSecretError` is the spec's name for the same class. */
export { MissingSecret as MissingSecretError };
