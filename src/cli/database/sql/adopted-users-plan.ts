/**
 * What `create-auth generate` changes on the SQL path (no ORM) when the app's database already has a users
 * table of its own (database/sql/existing-users.ts judged it): the first migration, never applied, rewritten for
 * that table (database/sql/users.ts), or written so when there is none yet; the auth module's adapter call
 * given the options the table needs (`userIds`, `newUserColumns`: database/users-table.ts, as the ORM merges
 * write them); and SQLite's client module, which runs the first migration's CREATE statements on open, given
 * the adapted ones. Each is an edit shown in the review's diff. init reads the same adaptation back from the
 * migration file (database/sql/plan.ts), so both commands write the same auth module. Pure.
 */
import path from "node:path/posix";
import type { TransformResult } from "../../edit/result.js";
import type { FileStep } from "../../plan/planner.js";
import { type Table, tables } from "../model.js";
import { type AppUsers, adapterOptionsSource } from "../users-table.js";
import type { MigrationFile } from "./migrations.js";
import { type SqlDialect, sqlSchema } from "./render.js";
import { type AdoptedUsers, adaptedSchema, adaptedSqliteOnOpen, CREATES_USERS } from "./users.js";

/** The options an SQL adapter is handed for an adopted users table, or null when the defaults serve. */
export function sqlAdapterOptions(users: AppUsers | null): string | null {
  return users ? adapterOptionsSource(users, true) : null;
}

/** The options on one line, for a note: `{ userIds: "integer", newUserColumns: (user) => ({ name: … }) }`. */
function inlineOptions(users: AppUsers): string {
  const parts = [
    ...(users.idKind === "text" ? [] : [`userIds: "${users.idKind}"`]),
    ...(users.fill.length
      ? [`newUserColumns: (user) => ({ ${users.fill.map((filled) => `${filled.key}: ${filled.value}`).join(", ")} })`]
      : []),
  ];
  return `{ ${parts.join(", ")} }`;
}

/** The index just past the parenthesis that closes the one at `open` (strings skipped), or -1. */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** The index of the first comma of `args` outside parentheses, brackets, braces and strings, or -1. */
function firstComma(args: string): number {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < args.length && args[i] !== c; i++) if (args[i] === "\\") i++;
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) return i;
  }
  return -1;
}

/**
 * `adapter: postgres(pool)` → `adapter: postgres(pool, { userIds: "integer", … })`, as init's template
 * renders it with these options; "unchanged" when the call passes them already.
 */
export function withAdapterOptions(adapter: string, options: string): (source: string) => TransformResult {
  return (source) => {
    const call = new RegExp(`\\badapter\\s*:\\s*${adapter}\\(`).exec(source);
    if (!call) return { unsupported: `it has no \`adapter: ${adapter}(…)\` to give the options to` };
    const open = call.index + call[0].length - 1;
    const close = closing(source, open);
    if (close < 0) return { unsupported: `its \`adapter: ${adapter}(\` call does not close` };
    const args = source.slice(open + 1, close);
    const comma = firstComma(args);
    if (comma < 0) return `${source.slice(0, close)}, ${options}${source.slice(close)}`;
    if (args.slice(comma + 1).trim() === options.trim()) return "unchanged";
    return { unsupported: `its \`${adapter}(…)\` call passes options of its own` };
  };
}

/**
 * SQLite's client module: the statements it runs on open, the adapted ones where users is the app's; `of`,
 * the tables the app's providers need (database/provider-tables.ts).
 */
export function sqliteOnOpen(users: AppUsers | null, of: readonly Table[] = tables): string {
  return users ? adaptedSqliteOnOpen(users, of) : sqlSchema("sqlite", of);
}

/**
 * The client module's embedded statements made `sqliteOnOpen(users, of)`, from any that create-auth wrote
 * before (the model's tables, adapted or not, with or without the provider's tables).
 */
export function sqliteClientTransform(
  users: AppUsers | null,
  of: readonly Table[] = tables,
): (source: string) => TransformResult {
  return (source) => {
    const wanted = sqliteOnOpen(users, of);
    if (source.includes(wanted)) return "unchanged";
    const earlier = [...new Set([users, null])].flatMap((adopted) => [
      sqliteOnOpen(adopted),
      sqliteOnOpen(adopted, of),
    ]);
    const written = earlier.find((text) => source.includes(text));
    if (!written) return { unsupported: "its embedded CREATE statements are not the ones create-auth wrote" };
    return source.replace(written, () => wanted);
  };
}

export interface AdoptionInput {
  dialect: SqlDialect;
  /** The migrations folder (project-relative) and its files. */
  dir: string;
  files: readonly MigrationFile[];
  adopted: AdoptedUsers;
  /** `PostgreSQL postgres://app@…`, for the note. */
  where: string;
  /** The tables the app's providers need (database/provider-tables.ts); the model's when absent. */
  tables?: readonly Table[];
}

export interface Adoption {
  steps: FileStep[];
  /** The migrations as they will be: the first one adapted (or new), for what else generate plans. */
  files: MigrationFile[];
  /** The file adapted or written: `auth-migrations/0001_auth_tables.sql`, and its text. */
  file: string;
  sql: string;
}

/**
 * The first migration adapted to the app's users table: an edit of the pending file that creates users, when
 * it is still as create-auth wrote it (else refused: the user's edits are theirs to adapt), or a new first
 * file when the folder has none.
 */
export function adoptionSteps(input: AdoptionInput): Adoption | { unsupported: string } {
  const { dialect, dir, files, adopted } = input;
  const of = input.tables ?? tables;
  const after = adaptedSchema(dialect, adopted, of);
  const creating = files.find((file) => CREATES_USERS.test(file.sql));
  const written = creating?.sql.replaceAll("\r\n", "\n");
  if (creating && written !== sqlSchema(dialect) && written !== sqlSchema(dialect, of))
    return {
      unsupported: `${dir}/${creating.name} creates users and was edited since create-auth wrote it, so generate does not rewrite it for the users table ${input.where} already has. Type its user_id columns like users.id, take out CREATE TABLE users and add what the table lacks, by hand (or put back the file as written and run generate again)`,
    };
  const name = creating?.name ?? "0001_auth_tables.sql";
  const file = path.join(dir, name);
  const reason = `${dialect === "sqlite" ? "SQLite" : dialect === "postgres" ? "PostgreSQL" : "MySQL"} migration adapted to your users table (${adopted.idKind} ids)`;
  const step: FileStep = creating
    ? { kind: "change", change: { kind: "edit", path: file, before: creating.sql, after, reason } }
    : { kind: "owned", path: file, content: after, done: (source) => source === after, reason };
  const adapted = { name, sql: after };
  return {
    steps: [step],
    files: creating ? files.map((existing) => (existing === creating ? adapted : existing)) : [adapted, ...files],
    file,
    sql: after,
  };
}

/**
 * The auth module's adapter call and SQLite's client module, for the users table the migrations are adapted
 * to (read back from them: database/sql/users.ts adoptedUsers). Nothing when the defaults serve.
 */
export function adoptedWiringSteps(
  users: AppUsers,
  authModule: { file: string; adapter: string } | null,
  sqliteClient: string | null,
  of: readonly Table[] = tables,
): FileStep[] {
  const steps: FileStep[] = [];
  const options = sqlAdapterOptions(users);
  if (options && authModule)
    steps.push({
      kind: "edit",
      path: authModule.file,
      reason: `the ${authModule.adapter} adapter told your users table's ids${users.fill.length ? " and what sign-up fills" : ""}`,
      transform: withAdapterOptions(authModule.adapter, options),
      unsupported: (why) =>
        `${authModule.file} was left as it is (${why}): hand the adapter ${authModule.adapter}(…, ${inlineOptions(users)}).`,
    });
  if (sqliteClient)
    steps.push({
      kind: "edit",
      path: sqliteClient,
      reason: "the auth tables it creates on open typed like your users table's id",
      transform: sqliteClientTransform(users, of),
      unsupported: (why) =>
        `${sqliteClient} was left as it is (${why}): the tables it creates on open must type user_id like users.id.`,
    });
  return steps;
}
