/**
 * The context-specific words NIST SP 800-63B-4 §3.1.1.2 asks to refuse in a password: the service's name, the
 * user's name and address, and what is derived from them ("jane.doe@…" gives "jane.doe", "janedoe", "jane",
 * "doe"). Words under 3 characters are skipped: refusing every password that contains "jo" or "al" would
 * refuse good passphrases for nothing. Web-compatible.
 */

export type ContextSource = "email" | "name" | "app" | "other";

export interface ContextWord {
  word: string;
  source: ContextSource;
}

const MIN_WORD = 3;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** The text itself, with its separators removed, and each part between separators. */
function derived(text: string): string[] {
  const folded = fold(text).trim();
  const parts = folded.split(SEPARATORS).filter(Boolean);
  return [folded, parts.join(""), ...parts];
}

export function contextWords(context: {
  email?: string | undefined;
  name?: string | undefined;
  appName?: string | undefined;
  words?: readonly string[] | undefined;
}): ContextWord[] {
  const out = new Map<string, ContextSource>();
  const add = (texts: string[], source: ContextSource) => {
    for (const word of texts) if ([...word].length >= MIN_WORD && !out.has(word)) out.set(word, source);
  };
  if (context.email) {
    const at = context.email.lastIndexOf("@");
    add(derived(at > 0 ? context.email.slice(0, at) : context.email), "email");
  }
  if (context.name) add(derived(context.name), "name");
  if (context.appName) add(derived(context.appName), "app");
  for (const word of context.words ?? []) add(derived(word), "other");
  return [...out].map(([word, source]) => ({ word, source }));
}

/** The first context word the password contains (case-insensitive, after NFKC), if any. */
export function findContextWord(password: string, words: readonly ContextWord[]): ContextWord | undefined {
  const folded = fold(password);
  return words.find(({ word }) => folded.includes(word));
}
