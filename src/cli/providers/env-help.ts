/**
 * What the env files say above a provider's keys beyond its client id and secret (an issuer, a server's URL, an
 * API key, the mail settings): the catalog's `envHelp` as a comment line. One rule for every command that writes
 * these keys or takes them back (init, add-provider, remove-provider, remove), so removing finds exactly the
 * line adding wrote.
 */
import type { ProviderEntry } from "../project/types.js";

/** The comment above a key (without its `# `): the catalog's phrase as a sentence. */
export function envKeyComment(help: string): string {
  return help.charAt(0).toUpperCase() + help.slice(1);
}

/** Each key's comment for these providers; a key two of them share (EMAIL_FROM) has one help in the catalog. */
export function envKeyComments(providers: readonly Pick<ProviderEntry, "envHelp">[]): Map<string, string> {
  const comments = new Map<string, string>();
  for (const provider of providers) {
    for (const [key, help] of Object.entries(provider.envHelp ?? {})) comments.set(key, envKeyComment(help));
  }
  return comments;
}
