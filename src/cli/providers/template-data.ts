/**
 * What every framework's auth template renders for the chosen providers, computed in one place so the
 * five targets cannot drift: which branch each provider takes in providers/templates/provider-entry.hbs
 * (credentials, email, passkey, OAuth/OIDC), the options it is handed from the environment (written the
 * framework's way: `process.env.X`, SvelteKit's `env.X`, Qwik's `event.env.get("X")`), and whether the config
 * opts in to passkeys. Also the next step each passwordless provider prints.
 */
import { needsDatabase, type ProviderEntry } from "./catalog.js";

/** How generated code reads one environment variable in a framework. */
export type EnvRead = (key: string) => string;

export const readProcessEnv: EnvRead = (key) => `process.env.${key}`;

export interface ProviderTemplateData extends ProviderEntry {
  isCredentials: boolean;
  isEmail: boolean;
  isWebAuthn: boolean;
  /** `server: process.env.EMAIL_SERVER`, as option and expression. */
  options: { option: string; key: string; value: string }[];
  /**
   * The OAuth client's settings as options read from the environment (`clientId`, `clientSecret`, `issuer`):
   * passed in the call where the template says so (Qwik City), read by the runtime itself elsewhere.
   */
  clientOptions: { option: string; key: string; value: string }[];
}

/** Provider options read from the environment, by the suffix of the env variable (`AUTH_OIDC_ISSUER` → issuer). */
const CLIENT_OPTION_BY_SUFFIX: Record<string, string> = { ID: "clientId", SECRET: "clientSecret", ISSUER: "issuer" };

function clientOptions(provider: ProviderEntry, envRead: EnvRead): ProviderTemplateData["clientOptions"] {
  return provider.envKeys.flatMap((key) => {
    const option = CLIENT_OPTION_BY_SUFFIX[key.slice(key.lastIndexOf("_") + 1)];
    return option ? [{ option, key, value: envRead(key) }] : [];
  });
}

export interface ProvidersTemplateData {
  providers: ProviderTemplateData[];
  /** The config sets `experimental: { enableWebAuthn: true }` (passkeys are opt-in in the runtime). */
  webAuthn: boolean;
  /** Some provider option is read from the environment in the auth module itself. */
  readsEnv: boolean;
  /**
   * Credentials sign-in is configured: its authorize() finds users by the runtime's email normaliser, the
   * one email links and passkeys use, so the module imports it.
   */
  normalizesEmail: boolean;
}

export function providersTemplateData(providers: readonly ProviderEntry[], envRead: EnvRead): ProvidersTemplateData {
  const data = providers.map((provider) => ({
    ...provider,
    isCredentials: provider.kind === "credentials",
    isEmail: provider.kind === "email",
    isWebAuthn: provider.kind === "webauthn",
    options: (provider.optionsFromEnv ?? []).map(({ option, key }) => ({ option, key, value: envRead(key) })),
    clientOptions: clientOptions(provider, envRead),
  }));
  return {
    providers: data,
    webAuthn: data.some((provider) => provider.isWebAuthn),
    readsEnv: data.some((provider) => provider.options.length > 0),
    normalizesEmail: data.some((provider) => provider.isCredentials),
  };
}

/**
 * The next step for an email or passkey provider (null for the others, whose steps are the target's):
 * what to put in the env file, and where passkeys can work at all.
 */
export function passwordlessNextStep(provider: ProviderEntry, envFile: string, origin: string): string | null {
  if (!needsDatabase(provider)) return null;
  if (provider.kind === "email") {
    return `${provider.name}: set EMAIL_SERVER in ${envFile} to your mail relay's SMTP URL (smtp://user:password@smtp.example.com:587) and EMAIL_FROM to the sender ("Example <no-reply@example.com>"); sign-in links are mailed from there.`;
  }
  return `${provider.name}: passkeys work only in a secure context: HTTPS, or http://localhost in development (${origin}, not 127.0.0.1); the public URL's host becomes the passkeys' relying party, so set AUTH_URL to it in production.`;
}
