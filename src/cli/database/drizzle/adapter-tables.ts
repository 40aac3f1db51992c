/**
 * The tables object an auth module hands the drizzle adapter (`drizzle(db, { users, accounts, … })`, as init
 * writes it), given a table the app's providers now need (`passwords`): the key joins the object and its
 * export joins the import of the other auth tables. The drizzle adapter makes the password methods only
 * from a `passwords` table it is handed, so a schema with the table and an object without it would leave
 * the password provider refusing to start. Text edits only, in the object's and the import's own style.
 */
import type { TransformResult } from "../../edit/result.js";

/**
 * `, { users, accounts: account, …, authenticators }`: the object init writes as the adapter's second argument
 * (the comma tells it from the import of the same names), keys in its order.
 */
const TABLES_OBJECT = /,\s*\{(\s*)users\b(?:\s*:\s*(\w+))?\s*,[^{}]*?\bauthenticators\b[^{}]*\}/;

/** An import (ESM or CommonJS) of a list of names; the names in group 2. */
const IMPORT_LIST =
  /(import\s*\{|const\s*\{)([^{}]*)(\}\s*(?:from\s*["'][^"']+["']|=\s*require\(\s*["'][^"']+["']\s*\)))/g;

/** Adds `key` (the adapter's name, `passwords`) naming the schema's export `exportName` to both places. */
export function withAdapterTable(key: string, exportName: string): (source: string) => TransformResult {
  return (source) => {
    const object = TABLES_OBJECT.exec(source);
    if (!object) return { unsupported: "it hands the drizzle adapter no tables object as init writes it" };
    if (new RegExp(`\\b${key}\\b`).test(object[0])) return "unchanged";
    const usersName = object[2] ?? "users";
    const imported = [...source.matchAll(IMPORT_LIST)].find((match) =>
      match[2]!.split(",").some(
        (name) =>
          name
            .trim()
            .split(/\s+as\s+|\s*:\s*/)
            .pop() === usersName,
      ),
    );
    if (!imported) return { unsupported: `it imports the ${usersName} table in a way create-auth cannot extend` };
    const entry = key === exportName ? key : `${key}: ${exportName}`;
    const open = object[1]!;
    // Before the closing brace's own whitespace: after the last key, or the comma that ends it.
    const beforeClose = source.slice(0, object.index + object[0].length - 1).trimEnd().length;
    const lead = open.includes("\n") ? open : " ";
    const added = source[beforeClose - 1] === "," ? `${lead}${entry},` : `,${lead}${entry}`;
    const withKey = `${source.slice(0, beforeClose)}${added}${source.slice(beforeClose)}`;
    // The import comes before the object, so its offsets still hold in `withKey`.
    const list = imported[2]!;
    const names = list.trimEnd();
    const comma = names.endsWith(",");
    const spacing = list.slice(names.length);
    const newList = `${comma ? names : `${names},`}${list.includes("\n") ? list.slice(0, list.length - list.trimStart().length) : " "}${exportName}${comma ? "," : ""}${spacing}`;
    const at = imported.index! + imported[1]!.length;
    if (at > object.index) return { unsupported: `it imports the ${usersName} table after using it` };
    return `${withKey.slice(0, at)}${newList}${withKey.slice(at + list.length)}`;
  };
}
