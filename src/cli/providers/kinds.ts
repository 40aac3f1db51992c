/**
 * What each kind of provider needs from the app beyond its env keys, as data: whether it keeps records
 * through a database adapter, whether it mails (over SMTP or an HTTP email API: the catalog entry says), which
 * built-in pages it adds, what it asks of the browser. Every rule that depends on the kind reads this table (init's database
 * question, add-provider's refusal, the auth module's comment, the next steps, doctor's mail check), so a
 * new kind is one row here rather than a branch in each of them.
 */
import type { ProviderEntry, ProviderKind } from "../project/types.js";

export interface KindNeeds {
  /** What it keeps through the adapter besides users ("passkeys"); null when it needs no database. */
  stores: string | null;
  /** What it mails ("sign-in links"); null when it sends no mail. The catalog entry says through what. */
  mails: string | null;
  /** The built-in pages it adds under the base path, first the one its users start at. */
  pages: readonly string[];
  /** What it needs of the browser, said in its next step (with the dev server's origin). */
  browser: ((origin: string) => string) | null;
}

const NOTHING: KindNeeds = { stores: null, mails: null, pages: [], browser: null };

export const KIND_NEEDS: Readonly<Record<ProviderKind, KindNeeds>> = {
  oauth: NOTHING,
  oidc: NOTHING,
  credentials: NOTHING,
  email: { ...NOTHING, stores: "email sign-in links", mails: "sign-in links" },
  webauthn: {
    ...NOTHING,
    stores: "passkeys",
    browser: (origin) =>
      `passkeys work only in a secure context: HTTPS, or http://localhost in development (${origin}, not 127.0.0.1); the public URL's host becomes the passkeys' relying party, so set AUTH_URL to it in production.`,
  },
  password: {
    ...NOTHING,
    stores: "password hashes, verification and reset links",
    mails: "verification and reset links",
    pages: ["signup", "forgot-password", "reset-password", "verify-email", "change-password"],
  },
};

export function kindNeeds(provider: Pick<ProviderEntry, "kind">): KindNeeds {
  return KIND_NEEDS[provider.kind];
}

/** Email links, passkeys and passwords keep users, tokens, credentials or hashes somewhere: they need an adapter. */
export function needsDatabase(provider: Pick<ProviderEntry, "kind">): boolean {
  return kindNeeds(provider).stores !== null;
}

/** The env keys of several providers, each once, in their order (two providers may share the mail settings). */
export function providersEnvKeys(providers: readonly Pick<ProviderEntry, "envKeys">[]): string[] {
  return [...new Set(providers.flatMap((provider) => provider.envKeys))];
}
