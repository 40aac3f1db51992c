/**
 * Configuration checks for WebAuthn providers (run with the others in core/assert.ts). A page can run one
 * conditional-UI request at a time, and that request needs a field whose autocomplete names `webauthn`
 * (WebAuthn Level 3 §5.1.4: conditional mediation is offered through autofill), so both are caught at
 * start-up rather than as a passkey prompt that silently never appears.
 */
import { DuplicateConditionalUI, MissingWebAuthnAutocomplete } from "../../errors.js";
import type { InternalProvider } from "../internal.js";

export function assertWebAuthnProviders(providers: InternalProvider[]): Error | undefined {
  const conditional = providers.filter((provider) => provider.type === "webauthn" && provider.enableConditionalUI);
  if (conditional.length > 1) {
    return new DuplicateConditionalUI(
      `Only one WebAuthn provider may enable conditional UI; these do: ${conditional.map((provider) => provider.id).join(", ")}.`,
    );
  }
  for (const provider of conditional) {
    if (provider.type !== "webauthn") continue;
    const fields = Object.values(provider.formFields ?? {});
    if (!fields.some((field) => field.autocomplete?.split(/\s+/).includes("webauthn"))) {
      return new MissingWebAuthnAutocomplete(
        `The WebAuthn provider "${provider.id}" enables conditional UI, but none of its formFields has "webauthn" in its autocomplete (e.g. "username webauthn").`,
      );
    }
  }
  return undefined;
}
