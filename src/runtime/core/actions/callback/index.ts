/**
 * `/callback/<provider>`: where a sign-in completes. Each provider type verifies its own proof
 * (credentials.ts, oauth.ts; email, passkey and password providers with their own actions, core/provider-loader.ts);
 * complete.ts does the rest the same way for all of them.
 */
import { AuthError, CallbackRouteError, InvalidProvider } from "../../../errors.js";
import type { ResponseInternal } from "../../../types.js";
import { loadEmailActions, loadPasswordActions, loadWebAuthnActions } from "../../provider-loader.js";
import type { ActionContext } from "../context.js";
import { credentialsCallback } from "./credentials.js";
import { oauthCallback } from "./oauth.js";

export async function callback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options } = context;
  if (!options.provider) {
    throw new InvalidProvider(`No provider with id "${request.providerId ?? ""}" is configured.`);
  }
  try {
    switch (options.provider.type) {
      case "credentials":
        return await credentialsCallback(context);
      case "oauth":
      case "oidc":
        return await oauthCallback(context);
      case "webauthn":
        return await (await loadWebAuthnActions(options.provider)).callback(context, options.provider);
      case "email":
        return await (await loadEmailActions(options.provider)).callback(context, options.provider);
      case "password":
        return await (await loadPasswordActions(options.provider)).signIn(context, options.provider);
      default:
        // Unreachable while every provider type has a case; kept for providers typed loosely at runtime.
        throw new InvalidProvider(
          `Signing in with a "${(options.provider as { type: string }).type}" provider is not available.`,
        );
    }
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // An unexpected failure (a throwing authorize, a network error): logged whole, shown as Configuration.
    throw new CallbackRouteError(`The ${options.provider.id} callback failed.`, {
      cause: error instanceof Error ? error : new Error(String(error)),
    });
  }
}
