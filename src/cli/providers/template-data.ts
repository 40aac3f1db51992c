/**
 * What every framework's auth template renders for the chosen providers, computed in one place so the
 * five targets cannot drift: which branch each provider takes in providers/templates/provider-entry.hbs
 * (credentials, an HTTP email sender, a provider that mails over SMTP, passkey, OAuth/OIDC), the options it
 * is handed from the environment (written the framework's way: `process.env.X`, SvelteKit's `env.X`, Qwik's
 * `event.env.get("X")`), and whether the config opts in to passkeys. Also the next step of each provider that needs a database.
 */
import { providerEnvKey } from "../../runtime/core/provider-env.js";
import type { ProviderEntry } from "./catalog.js";
import { kindNeeds } from "./kinds.js";

/** How generated code reads one environment variable in a framework. */
export type EnvRead = (key: string) => string;

export const readProcessEnv: EnvRead = (key) => `process.env.${key}`;

export interface ProviderTemplateData extends ProviderEntry {
  isCredentials: boolean;
  /** What it mails ("sign-in links"), said in the entry's comment; null if nothing. */
  mails: string | null;
  /** The built-in pages it adds (`/signup, /forgot-password, …`), said in the entry's comment; null if none. */
  pages: string | null;
  isWebAuthn: boolean;
  /** `server: process.env.EMAIL_SERVER`, as option and expression. */
  options: { option: string; key: string; value: string }[];
  /**
   * The OAuth client's settings as options read from the environment (`clientId`, `clientSecret`, `issuer`):
   * passed in the call where the template says so (Qwik City), read by the runtime itself elsewhere.
   */
  clientOptions: { option: string; key: string; value: string }[];
  /** Everything a call that passes all settings hands over (Qwik City): `clientOptions`, then `options`. */
  callOptions: { option: string; key: string; value: string }[];
}

/**
 * Provider options the runtime reads from `AUTH_<ID>_<SUFFIX>` (`AUTH_OIDC_ISSUER` → issuer, `AUTH_RESEND_KEY`
 * → apiKey), matched on the whole name: `AUTH_LOOPS_TRANSACTIONAL_ID` is no client id.
 */
const CLIENT_OPTION_BY_SUFFIX = { ID: "clientId", SECRET: "clientSecret", ISSUER: "issuer", KEY: "apiKey" } as const;

function clientOptions(provider: ProviderEntry, envRead: EnvRead): ProviderTemplateData["clientOptions"] {
  return Object.entries(CLIENT_OPTION_BY_SUFFIX).flatMap(([suffix, option]) => {
    const key = providerEnvKey(provider.id, suffix as keyof typeof CLIENT_OPTION_BY_SUFFIX);
    return provider.envKeys.includes(key) ? [{ option, key, value: envRead(key) }] : [];
  });
}

/** The first two pages and an ellipsis: the comment stays one line; the next step lists them all. */
function pagesPhrase(pages: readonly string[]): string | null {
  if (pages.length === 0) return null;
  return [...pages.slice(0, 2).map((page) => `/${page}`), ...(pages.length > 2 ? ["…"] : [])].join(", ");
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
  const data = providers.map((provider) => {
    const options = (provider.optionsFromEnv ?? []).map(({ option, key }) => ({ option, key, value: envRead(key) }));
    const client = clientOptions(provider, envRead);
    return {
      ...provider,
      isCredentials: provider.kind === "credentials",
      mails: kindNeeds(provider).mails,
      pages: pagesPhrase(kindNeeds(provider).pages),
      isWebAuthn: provider.kind === "webauthn",
      options,
      clientOptions: client,
      // An option the runtime also reads (Bungie's AUTH_BUNGIE_KEY as `apiKey`) is passed once.
      callOptions: [...client, ...options.filter((option) => !client.some((read) => read.key === option.key))],
    };
  });
  return {
    providers: data,
    webAuthn: data.some((provider) => provider.isWebAuthn),
    readsEnv: data.some((provider) => provider.options.length > 0),
    normalizesEmail: data.some((provider) => provider.isCredentials),
  };
}

/**
 * The next step of a provider that needs a database (null for the others, whose steps are the target's):
 * the mail settings to fill in, where its users start, what it needs of the browser; each from its kind's
 * needs (providers/kinds.ts). `authBase`: where the auth endpoints answer on the dev server
 * (`http://localhost:3000/api/auth`).
 */
export function databaseProviderNextStep(
  provider: ProviderEntry,
  envFile: string,
  devOrigin: string,
  authBase: string,
): string | null {
  const needs = kindNeeds(provider);
  if (needs.stores === null) return null;
  const [start, ...beside] = needs.pages;
  const sentences = [
    needs.mails &&
      (provider.sender
        ? `set ${provider.sender.fill} in ${envFile} (API keys: ${provider.registerAt}); ${needs.mails} are mailed through ${provider.sender.through}.`
        : `set EMAIL_SERVER in ${envFile} to your mail relay's SMTP URL (smtp://user:password@smtp.example.com:587) and EMAIL_FROM to the sender ("Example <no-reply@example.com>"); ${needs.mails} are mailed from there.`),
    start &&
      `New users start at ${authBase}/${start}${beside.length > 0 ? `; ${beside.map((page) => `/${page}`).join(", ")} are built in beside it` : ""} (the config's pages option swaps in yours).`,
    needs.browser?.(devOrigin),
  ].filter((sentence): sentence is string => Boolean(sentence));
  return sentences.length > 0 ? `${provider.name}: ${sentences.join(" ")}` : null;
}
