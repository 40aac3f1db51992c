/**
 * `GET /webauthn-options/<provider>`: the options a browser needs to register or use a passkey. WebAuthn
 * itself (issue 5) needs an adapter; until then the action answers as the reference does when its
 * preconditions fail: no adapter → MissingAdapter, a provider that is not WebAuthn → InvalidProvider.
 * Neither is client-safe, so the user lands on the Configuration error page and the log says why.
 */
import { InvalidProvider, MissingAdapter } from "../../errors.js";
import type { ResponseInternal } from "../../types.js";
import type { ActionContext } from "./context.js";

export function webAuthnOptions({ request, options }: ActionContext): ResponseInternal {
  if (!options.adapter) {
    throw new MissingAdapter("WebAuthn options need an adapter to store users and authenticators.");
  }
  throw new InvalidProvider(
    `The provider "${request.providerId ?? ""}" is not a WebAuthn provider: webauthn-options serves WebAuthn providers only.`,
  );
}
