/** The WebAuthn provider as actions see it, and the guard that finds it for the request. */
import { InvalidProvider, UnknownAction } from "../../errors.js";
import type { WebAuthnConfig } from "../../types.js";
import type { InternalOptions, RequestInternal } from "../internal.js";

export type WebAuthnProvider = WebAuthnConfig & { callbackUrl: string; signinUrl: string };

export function requireWebAuthnProvider(request: RequestInternal, options: InternalOptions): WebAuthnProvider {
  const provider = options.provider;
  if (!provider) throw new InvalidProvider(`No provider with id "${request.providerId ?? ""}" is configured.`);
  if (provider.type !== "webauthn") {
    throw new InvalidProvider(`The provider "${provider.id}" is not a WebAuthn provider.`);
  }
  return provider;
}

export function requireMethod(request: RequestInternal, method: "GET" | "POST"): void {
  if (request.method !== method) {
    throw new UnknownAction(`This WebAuthn endpoint accepts ${method} only, not ${request.method}.`);
  }
}
