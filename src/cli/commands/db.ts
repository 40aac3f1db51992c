/**
 * `auth db prune [dir] [--dry-run] [--json]`: deletes the expired sessions and verification tokens of the
 * database the app's settings name, found as migrate and doctor find it (database/state.ts: drizzle.config's
 * URL setting included); a database without the tables is told the command doctor names for them. Nothing in a sign-in deletes a row that nobody presents again (an
 * abandoned email link, a session whose browser never comes back), so a scheduled job runs this.
 *
 * The deleting is the runtime's own: its SQL adapter for the dialect (Drizzle and Prisma apps have the same
 * tables, so theirs works too) and that adapter's `deleteExpired`. `--dry-run` counts the same rows (the rule
 * is the adapters' `expiredCondition`) on a read-only connection and deletes nothing.
 */

import type { MysqlPool } from "../../runtime/adapters/mysql.js";
import type { PostgresPool } from "../../runtime/adapters/postgres.js";
import type { SqliteDatabase } from "../../runtime/adapters/sqlite.js";
import type { Adapter } from "../../runtime/types.js";
import { type DatabaseConnection, oneLine, openDatabase } from "../database/connect.js";
import { dialectName } from "../database/drivers.js";
import { pendingMigrations } from "../database/migrator.js";
import { projectEnv } from "../database/project-env.js";
import { createTablesCommand, databaseState } from "../database/state.js";
import { CliError } from "../errors.js";
import { appEnvFile, detectApp } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { projectRoot } from "./lifecycle.js";

export interface DbFlags {
  dryRun?: boolean;
  json?: boolean;
}

type Counts = { sessions: number; verificationTokens: number };

/** The runtime's adapter on the connection's own client (a pg Pool, a mysql2 Pool, a SQLite database). */
async function runtimeAdapter(db: DatabaseConnection): Promise<Required<Pick<Adapter, "deleteExpired">>> {
  let adapter: Adapter;
  if (db.dialect === "sqlite") {
    adapter = (await import("../../runtime/adapters/sqlite.js")).default(db.client as SqliteDatabase);
  } else if (db.dialect === "postgres") {
    adapter = (await import("../../runtime/adapters/postgres.js")).default(db.client as PostgresPool);
  } else {
    adapter = (await import("../../runtime/adapters/mysql.js")).default(db.client as MysqlPool);
  }
  if (!adapter.deleteExpired) throw new Error(`The runtime's ${db.dialect} adapter has no deleteExpired.`);
  return { deleteExpired: adapter.deleteExpired.bind(adapter) };
}

/** How many rows `deleteExpired(now)` would delete, by the same condition, deleting nothing. */
async function countExpired(db: DatabaseConnection, now: Date): Promise<Counts> {
  const { expiredCondition, expiringTables } = await import("../../runtime/adapters/sql-columns.js");
  const { dateToColumn } = await import("../../runtime/adapters/sqlite-records.js");
  // Bound as each adapter binds a date: SQLite stores milliseconds, the others a timestamp.
  const value = db.dialect === "sqlite" ? dateToColumn(now) : now;
  const condition = expiredCondition(db.dialect === "postgres" ? "$1" : "?");
  const count = async (table: keyof typeof expiringTables) => {
    const [row] = await db.query(`SELECT COUNT(*) AS count FROM ${expiringTables[table]} WHERE ${condition}`, [value]);
    return Number(row?.["count"]);
  };
  return { sessions: await count("sessions"), verificationTokens: await count("verificationTokens") };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function described(counts: Counts): string {
  return `${plural(counts.sessions, "expired session", "expired sessions")} and ${plural(counts.verificationTokens, "verification token", "verification tokens")}`;
}

async function prune(dir: string | undefined, flags: DbFlags, out: Output, host: Host): Promise<void> {
  const root = projectRoot(dir, host, out);
  const dryRun = Boolean(flags.dryRun);
  const reader = host.reader(root);
  const app = await detectApp(reader, host.env["npm_config_user_agent"]);
  const { env } = projectEnv(reader, host.env, await appEnvFile(reader, app));
  // The database as migrate and doctor find it (database/state.ts): drizzle.config's URL setting included.
  const state = databaseState(reader, app?.info ?? null);
  const db = await openDatabase(root, env, { readOnly: dryRun, setting: state.setting });
  const database = { dialect: db.dialect, target: db.target };
  const now = new Date();
  let counts: Counts;
  try {
    counts = dryRun ? await countExpired(db, now) : await (await runtimeAdapter(db)).deleteExpired(now);
  } catch (error) {
    // What creates the tables, as doctor says it: from what the database has applied of the migrations.
    const status = await pendingMigrations(db, state.migrations.files).catch(() => null);
    throw new CliError(
      "NeedsDatabase",
      `Could not ${dryRun ? "count" : "delete"} expired rows in ${dialectName(db.dialect)} at ${db.target}: ${oneLine(error)} (are the auth tables there? Create them: ${createTablesCommand(state, status, db.dialect)}).`,
    );
  } finally {
    await db.close();
  }
  if (out.json) {
    out.result({
      ok: true,
      command: "db prune",
      dryRun,
      database,
      ...(dryRun ? { wouldDelete: counts } : { deleted: counts }),
    });
    return;
  }
  const where = `${dialectName(db.dialect)} ${db.target}`;
  out.line(
    dryRun
      ? `Would delete ${described(counts)} from ${where} (dry run: nothing deleted).`
      : `Deleted ${described(counts)} from ${where}.`,
  );
}

export async function runDb(
  action: string,
  dir: string | undefined,
  flags: Record<string, unknown>,
  out: Output,
  host: Host,
): Promise<void> {
  if (action !== "prune") {
    throw new CliError(
      "InvalidOption",
      `Unknown db action "${action}": the one action is prune (auth db prune [dir] [--dry-run] [--json]).`,
    );
  }
  await prune(dir, flags as DbFlags, out, host);
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ action: string; dir: string | undefined }, DbFlags> = ({ args, options }, out, host) =>
  runDb(args.action, args.dir, { ...options }, out, host);
