/**
 * The default relying party. The rpID and the expected origin decide which site a passkey is bound to, so
 * they come from the configuration and the deployment URL (`AUTH_URL`, or the request's URL only when the
 * host is trusted: see core/request.ts), never from a header a client chose.
 */
import type { RelayingParty, WebAuthnLookupOptions } from "../../types-webauthn.js";

export function defaultRelayingParty(options: WebAuthnLookupOptions): RelayingParty {
  const configured = options.provider.relayingParty ?? {};
  return {
    id: configured.id ?? options.url.hostname,
    name: configured.name ?? options.url.host,
    origin: configured.origin ?? options.url.origin,
  };
}
