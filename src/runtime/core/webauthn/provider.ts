/** The WebAuthn provider as its actions see it, and the method each of its endpoints accepts. */
import { UnknownAction } from "../../errors.js";
import type { InternalWebAuthnProvider, RequestInternal } from "../internal.js";

export type WebAuthnProvider = InternalWebAuthnProvider;

export function requireMethod(request: RequestInternal, method: "GET" | "POST"): void {
  if (request.method !== method) {
    throw new UnknownAction(`This WebAuthn endpoint accepts ${method} only, not ${request.method}.`);
  }
}
