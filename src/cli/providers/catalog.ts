/**
 * The providers `init` can wire up, described as data: the runtime module each comes from, the name it
 * is imported as, what kind it is (which decides the generated code) and the environment variables the
 * runtime reads for it (`AUTH_<ID>_ID/_SECRET/_ISSUER`, the id upper-snake-cased).
 */

export type ProviderKind = "oauth" | "oidc" | "credentials";

export interface ProviderEntry {
  id: string;
  /** Display name, as on the built-in sign-in page's button. */
  name: string;
  /** Identifier the generated auth module imports the factory as. */
  importName: string;
  kind: ProviderKind;
  /** Environment variables this provider reads, in the order they are written to env files. */
  envKeys: string[];
  /** Where the user registers an OAuth app and pastes the callback URL. */
  registerAt?: string;
}

export function envPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
}

function oauthKeys(id: string, issuer: boolean): string[] {
  const prefix = envPrefix(id);
  return issuer ? [`${prefix}_ID`, `${prefix}_SECRET`, `${prefix}_ISSUER`] : [`${prefix}_ID`, `${prefix}_SECRET`];
}

export const PROVIDERS: readonly ProviderEntry[] = [
  {
    id: "github",
    name: "GitHub",
    importName: "GitHub",
    kind: "oauth",
    envKeys: oauthKeys("github", false),
    registerAt: "https://github.com/settings/developers",
  },
  {
    id: "google",
    name: "Google",
    importName: "Google",
    kind: "oidc",
    envKeys: oauthKeys("google", false),
    registerAt: "https://console.cloud.google.com/apis/credentials",
  },
  {
    id: "oidc",
    name: "OIDC",
    importName: "OIDC",
    kind: "oidc",
    envKeys: oauthKeys("oidc", true),
    registerAt: "your identity provider's client registration page",
  },
  { id: "credentials", name: "Credentials", importName: "Credentials", kind: "credentials", envKeys: [] },
];

export function findProvider(id: string): ProviderEntry | undefined {
  return PROVIDERS.find((p) => p.id === id);
}
