/**
 * How the core reaches the sign-in code of email, passkey and password providers, which belongs to them, not
 * to the core: `email()`, `nodemailer()`, `passkey()` and `password()` put a loader on the provider (`actions`) that imports their
 * actions on the first request that needs them. So a request that needs neither never loads that code, and
 * the runtime package the CLI writes into an app (the import closure of what the app uses) holds it only when
 * the app configures such a provider. The core never imports it: this module is its one way in, and it names
 * what those actions are handed (the public types leave it to the core, so they import nothing of it).
 */
import { InvalidProvider, UnknownAction } from "../errors.js";
import type { ResponseInternal } from "../types.js";
import type { EmailActions } from "../types-email.js";
import type { PasswordActions } from "../types-password.js";
import type { WebAuthnActions } from "../types-webauthn.js";
import type { ActionContext } from "./actions/context.js";
import type {
  InternalEmailProvider,
  InternalOptions,
  InternalPasswordProvider,
  InternalWebAuthnProvider,
  RequestInternal,
} from "./internal.js";

/** The email provider's actions as the core calls them (core/email/actions.ts). */
export type EmailProviderActions = EmailActions<ActionContext, InternalEmailProvider>;

/** The passkey provider's actions as the core calls them (core/webauthn/actions.ts). */
export type WebAuthnProviderActions = WebAuthnActions<ActionContext, InternalWebAuthnProvider>;

/** The password provider's actions as the core calls them (core/password/actions.ts). */
export type PasswordProviderActions = PasswordActions<ActionContext, InternalPasswordProvider>;

/** A provider object written by hand rather than by its factory has no actions to load: say which factory. */
function loadActions<Actions>(
  provider: { id: string; actions?: () => Promise<Actions> },
  kind: string,
  factory: string,
): Promise<Actions> {
  if (typeof provider.actions !== "function") {
    throw new InvalidProvider(
      `The ${kind} provider "${provider.id}" has no actions to sign in with: create it with ${factory}.`,
    );
  }
  return provider.actions();
}

export function loadEmailActions(provider: InternalEmailProvider): Promise<EmailProviderActions> {
  return loadActions(provider, "email", "email() or nodemailer() from @create-auth/runtime/providers/…");
}

export function loadWebAuthnActions(provider: InternalWebAuthnProvider): Promise<WebAuthnProviderActions> {
  return loadActions(provider, "WebAuthn", "passkey() from @create-auth/runtime/providers/passkey");
}

export function loadPasswordActions(provider: InternalPasswordProvider): Promise<PasswordProviderActions> {
  return loadActions(provider, "password", "password() from @create-auth/runtime/providers/password");
}

/**
 * The password provider a password action is for: the one its path names (`/signup/<id>`), or, on a path
 * without one (the pages, `/signup`), the first configured. None → UnknownAction (the app has no password
 * sign-in; the error page says Configuration), another provider type → InvalidProvider.
 */
function requirePasswordProvider(request: RequestInternal, options: InternalOptions): InternalPasswordProvider {
  const provider =
    request.providerId === undefined
      ? options.providers.find((candidate) => candidate.type === "password")
      : options.provider;
  if (request.providerId !== undefined && !provider) {
    throw new InvalidProvider(`No provider with id "${request.providerId}" is configured.`);
  }
  if (!provider) throw new UnknownAction(`The ${request.action} action needs a password provider; none is configured.`);
  if (provider.type !== "password") {
    throw new InvalidProvider(`The provider "${provider.id}" is not a password provider.`);
  }
  return provider;
}

/** `POST /signup/<id>`, `/forgot-password/<id>`, …: answered by the password provider's own actions. */
export function passwordAction(
  name: Exclude<keyof PasswordProviderActions, "page" | "signIn">,
): (context: ActionContext) => Promise<ResponseInternal> {
  return async (context) => {
    const provider = requirePasswordProvider(context.request, context.options);
    return (await loadPasswordActions(provider))[name](context, provider);
  };
}

/** `GET /signup`, `/forgot-password`, `/reset-password`, `/verify-email`, `/change-password`: its pages. */
export async function passwordPage(context: ActionContext): Promise<ResponseInternal> {
  const provider = requirePasswordProvider(context.request, context.options);
  return (await loadPasswordActions(provider)).page(context, provider);
}

export function requireWebAuthnProvider(request: RequestInternal, options: InternalOptions): InternalWebAuthnProvider {
  const provider = options.provider;
  if (!provider) throw new InvalidProvider(`No provider with id "${request.providerId ?? ""}" is configured.`);
  if (provider.type !== "webauthn") {
    throw new InvalidProvider(`The provider "${provider.id}" is not a WebAuthn provider.`);
  }
  return provider;
}

/** `GET /webauthn-options/<id>`: answered by the WebAuthn provider's own actions. */
export async function webAuthnOptions(context: ActionContext): Promise<ResponseInternal> {
  const provider = requireWebAuthnProvider(context.request, context.options);
  return (await loadWebAuthnActions(provider)).options(context, provider);
}
