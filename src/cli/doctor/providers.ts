/**
 * Each provider the auth module configures (transforms/auth-providers.ts `configuredProviders`, the list
 * add-provider and remove-provider read) has the settings the runtime reads for it filled (the catalog's
 * env keys, providers/catalog.ts) and the packages it loads declared; and the callback URL it will send
 * users back to, to register with the provider: the dev server's (plan/provider-callback.ts), or AUTH_URL's
 * with --production.
 */

import { envUrl } from "../../runtime/core/env.js";
import { authBaseUrl, providerCallbackUrl } from "../plan/provider-callback.js";
import { type ProviderEntry, providerOfImport } from "../providers/catalog.js";
import { configuredProviders } from "../transforms/auth-providers.js";
import type { DoctorContext } from "./context.js";
import { type Finding, finding, ok } from "./finding.js";

/** The catalog entries of the providers the auth module configures, in its order. */
export function configuredCatalogProviders(authSource: string, authPath: string): ProviderEntry[] {
  return configuredProviders(authSource, authPath)
    .map((specifier) => providerOfImport(specifier))
    .filter((provider): provider is ProviderEntry => provider !== undefined);
}

/** Where the auth endpoints answer: AUTH_URL's origin and path (or the target's base path) when set, else the dev server's. */
function authBase(ctx: DoctorContext): string | null {
  if ("missing" in ctx.setup) return null;
  const { target, reader, info } = ctx.setup;
  const url = envUrl(ctx.env);
  if (url) {
    try {
      const parsed = new URL(url);
      const path = parsed.pathname.replace(/\/+$/, "");
      return `${parsed.origin}${path || target.basePath}`;
    } catch {
      // url.invalid says so; the dev URL is still the one to show.
    }
  }
  return ctx.production ? null : authBaseUrl(target, reader, info.packageJson);
}

export function checkProviders(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup) return [];
  const { authPath, authSource, info } = ctx.setup;
  const providers = configuredCatalogProviders(authSource, authPath);
  if (providers.length === 0) {
    return [
      finding(
        "warning",
        "provider.none",
        `${authPath} configures no provider from the runtime: nobody can sign in.`,
        "add one with npx create-auth add-provider <id> (github, google, oidc, credentials, email, passkey, …)",
        authPath,
      ),
    ];
  }
  const base = authBase(ctx);
  const declared = { ...info.packageJson.dependencies, ...info.packageJson.devDependencies };
  const findings: Finding[] = [];
  for (const provider of providers) {
    const blank = provider.envKeys.filter((key) => !ctx.env[key]?.trim());
    const missingPackages = Object.keys(provider.packages ?? {}).filter((name) => !declared[name]);
    const oauth = provider.kind === "oauth" || provider.kind === "oidc";
    const callback = oauth && base ? providerCallbackUrl(base, provider.id) : null;
    if (blank.length > 0) {
      findings.push(
        finding(
          "error",
          "provider.env-missing",
          `${provider.name} needs ${blank.join(", ")}, ${blank.length === 1 ? "which is" : "which are"} not set: ${oauth ? "sign-in with it fails with a configuration error" : "it cannot send or verify anything"}.`,
          `${provider.registerAt ? `register the app at ${provider.registerAt}${callback ? ` with the callback URL ${callback}` : ""}, then ` : ""}set ${blank.join(" and ")} in ${ctx.production ? "the deployment's environment" : info.envFile}`,
          ctx.production ? undefined : info.envFile,
        ),
      );
    }
    if (missingPackages.length > 0) {
      findings.push(
        finding(
          "error",
          "provider.package-missing",
          `${provider.name} loads ${missingPackages.join(", ")}, which package.json does not declare.`,
          `install it: npm install ${missingPackages.map((name) => `${name}@${provider.packages?.[name]}`).join(" ")}`,
          "package.json",
        ),
      );
    }
    if (blank.length === 0 && missingPackages.length === 0) {
      findings.push(
        ok(
          "provider.ready",
          `${provider.name}: ${provider.envKeys.length > 0 ? `${provider.envKeys.join(", ")} set` : "nothing to set"}${callback ? `; callback URL ${callback}` : ""}.`,
        ),
      );
    }
  }
  return findings;
}
