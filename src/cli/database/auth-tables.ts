/**
 * Which tables of the table model an app needs, from the kinds of provider it configures: the auth tables
 * every app with a database has, and `passwords` where it configures the password provider. Every writer of
 * a schema (init, generate, add-provider) and doctor's expected tables read the list from here, so an app
 * without the password provider gets exactly the schema it always did.
 */
import { passwords, type Table, tables } from "./model.js";

/** The model's tables, plus `passwords` when `kinds` has "password"; parents before children. */
export function authTablesFor(kinds: ReadonlySet<string>): readonly Table[] {
  return kinds.has("password") ? [...tables, passwords] : tables;
}

/** authTablesFor over the providers of init's answers or of an auth module (anything with a `kind`). */
export function authTablesOf(providers: readonly { kind: string }[]): readonly Table[] {
  return authTablesFor(new Set(providers.map((provider) => provider.kind)));
}
