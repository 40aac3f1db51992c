/**
 * `auth migrate [dir] [--migrations <path>] [--dry-run] [--json]`: applies the app's SQL migrations
 * (auth-migrations/NNNN_name.sql, written by `auth generate`) that its database has not recorded yet, and
 * says which database (password redacted), what it applied and what it found changed or missing. With
 * --dry-run it prints the SQL that would run and changes nothing; a dry run that cannot read the database's
 * record fails in one line rather than guess (a SQLite file not created yet reads as empty). Where Prisma or
 * drizzle-kit creates the app's tables (database/state.ts, the answer generate and doctor read too), the
 * command touches nothing and prints that tool's command. With --repair it then re-creates auth tables and
 * indexes dropped after their migration was recorded (database/migrator.ts `repair`).
 */

import { type DatabaseConnection, type DatabaseSetting, oneLine, openDatabase } from "../database/connect.js";
import { dialectName } from "../database/drivers.js";
import type { SqlDialect } from "../database/flavours.js";
import {
  type Migration,
  type MigrationStatus,
  migrate,
  migrationStatements,
  pendingMigrations,
  repair,
} from "../database/migrator.js";
import { projectEnv } from "../database/project-env.js";
import { assertExistingUsersFit } from "../database/sql/existing-users.js";
import { MIGRATIONS_DIR } from "../database/sql/migrations.js";
import { databaseState } from "../database/state.js";
import { CliError } from "../errors.js";
import { appEnvFile, detectApp } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import { readPackageJson } from "../project/package-json.js";
import { projectPath } from "../project/project-path.js";
import { counted } from "../words.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { projectRoot } from "./lifecycle.js";

export interface MigrateFlags {
  migrations?: string;
  dryRun?: boolean;
  repair?: boolean;
  json?: boolean;
}

/**
 * The migrations folder as a path relative to the app, refused (exit 2) when it leads out of the app's
 * folder (plan/project-path.ts): its files are SQL this command runs against the database.
 */
export function migrationsFolder(root: string, value: string): string {
  return projectPath(root, value, { flag: "--migrations", what: "the migrations folder", allowRoot: true });
}

interface Report {
  database: { dialect: SqlDialect; target: string } | null;
  migrations: string;
  status: MigrationStatus;
  applied: string[];
  dryRun: boolean;
}

function reportJson(report: Report, extra: Record<string, unknown> = {}): object {
  const { status } = report;
  return {
    ok: true,
    command: "migrate",
    database: report.database,
    migrations: report.migrations,
    applied: report.applied,
    pending: status.pending.map((migration) => migration.name).filter((name) => !report.applied.includes(name)),
    alreadyApplied: status.applied,
    changed: status.changed,
    missing: status.missing,
    dryRun: report.dryRun,
    ...extra,
  };
}

function warnings(out: Output, status: MigrationStatus, folder: string): void {
  for (const name of status.changed)
    out.line(
      `Warning: ${name} has changed since it was applied; it is not applied again (write a new migration for the change).`,
    );
  for (const name of status.missing)
    out.line(`Warning: ${name} is recorded as applied but is no longer in ${folder}/.`);
}

const plural = (n: number) => counted(n, "migration");

/**
 * Why a dry run stops: without the database's record it cannot tell which files would run, and a list of
 * every file as pending could be wrong in both directions. The connection's own one-line reason (never the
 * password: connect.ts prints the host and database only), then what the dry run could not do.
 */
function cannotTell(reason: string, folder: string, code: CliError["code"] = "NeedsDatabase"): CliError {
  return new CliError(
    code,
    `${reason} The dry run needs the database to tell which migrations in ${folder}/ would run: run it where the database is reachable.`,
  );
}

async function dryRun(
  out: Output,
  root: string,
  env: Record<string, string | undefined>,
  setting: DatabaseSetting,
  folder: string,
  files: Migration[],
  commands: { generate: string; migrate: string },
): Promise<void> {
  let db: DatabaseConnection;
  try {
    db = await openDatabase(root, env, { readOnly: true, absentAsEmpty: true, setting });
  } catch (error) {
    if (error instanceof CliError) throw cannotTell(error.message, folder, error.code);
    throw error;
  }
  let status: MigrationStatus;
  let usersNote: string | null;
  try {
    try {
      status = await pendingMigrations(db, files);
    } catch (error) {
      throw cannotTell(`Could not read create_auth_migrations from ${db.target}: ${oneLine(error)}.`, folder);
    }
    // The app's own users table, which a first migration would keep: refused here as the real run refuses it.
    usersNote = await assertExistingUsersFit(db, status.pending, folder, commands);
  } finally {
    await db.close();
  }
  // The same check the real run makes first, so a dry run shows what would refuse to run.
  for (const migration of status.pending) migrationStatements(migration, db.dialect);
  const database = { dialect: db.dialect, target: db.target };
  out.line(
    `Database: ${dialectName(db.dialect)} ${db.target}${db.absent ? " (does not exist yet: auth migrate creates it)" : ""}`,
  );
  out.line("Dry run: nothing is applied.");
  if (usersNote) out.line(usersNote);
  warnings(out, status, folder);
  for (const migration of status.pending) {
    out.line();
    out.line(`-- ${folder}/${migration.name}`);
    out.line(migration.sql.trimEnd());
  }
  out.line();
  out.line(
    status.pending.length === 0
      ? `Nothing to apply: ${plural(status.applied.length)} already applied.`
      : `Would apply ${plural(status.pending.length)}: ${status.pending.map((m) => m.name).join(", ")}.`,
  );
  out.result(
    reportJson(
      { database, migrations: folder, status, applied: [], dryRun: true },
      { sql: Object.fromEntries(status.pending.map((migration) => [migration.name, migration.sql])) },
    ),
  );
}

export async function runMigrate(dir: string | undefined, flags: MigrateFlags, out: Output, host: Host): Promise<void> {
  const root = projectRoot(dir, host, out);
  const reader = host.reader(root);
  readPackageJson(reader); // an app's folder, or one line saying to run it in one
  const folder = migrationsFolder(root, flags.migrations ?? MIGRATIONS_DIR);

  // Who creates the tables (database/state.ts): the same answer generate's next step and doctor's fix give.
  const app = await detectApp(reader, host.env["npm_config_user_agent"]);
  const state = databaseState(reader, app?.info ?? null, folder);
  const { owner } = state;
  if (owner.ormTool) {
    out.line(
      `${owner.ormTool.name} manages this app's tables (${owner.evidence}): auth migrate leaves the database to it.`,
    );
    out.line(`Run: ${owner.command}`);
    const managed = { evidence: owner.evidence, command: owner.command };
    out.result({
      ok: true,
      command: "migrate",
      database: null,
      migrations: folder,
      applied: [],
      pending: [],
      alreadyApplied: [],
      changed: [],
      missing: [],
      dryRun: Boolean(flags.dryRun),
      [owner.ormTool.resultKey]: managed,
    });
    return;
  }
  const files = state.migrations.files;
  if (files.length === 0) {
    throw new CliError(
      "NotSetUp",
      `No SQL migrations in ${folder}/ (${root}): write them with ${state.generate}, then run ${owner.command}.`,
    );
  }

  const { env } = projectEnv(reader, host.env, await appEnvFile(reader, app));
  if (flags.dryRun && flags.repair) {
    throw new CliError(
      "InvalidOption",
      "--repair and --dry-run cannot go together: --repair runs only the CREATE … IF NOT EXISTS statements of applied migrations, which change nothing that exists; run migrate --dry-run to see what is pending.",
    );
  }
  // What fixes an app's own users table the first migration does not fit: generate adapts it
  // (database/sql/existing-users.ts).
  const commands = { generate: state.generate, migrate: owner.command };
  if (flags.dryRun) return dryRun(out, root, env, state.setting, folder, files, commands);

  const db = await openDatabase(root, env, { setting: state.setting });
  try {
    out.line(`Database: ${dialectName(db.dialect)} ${db.target}`);
    const { pending } = await pendingMigrations(db, files);
    const usersNote = await assertExistingUsersFit(db, pending, folder, commands);
    if (usersNote) out.line(usersNote);
    const result = await migrate(db, files, {
      applying: (migration, statements) =>
        out.line(`Applying ${folder}/${migration.name} (${statements} statement${statements === 1 ? "" : "s"})`),
    });
    warnings(out, result, folder);
    out.line(
      result.appliedNow.length === 0
        ? `Nothing to apply: ${plural(result.applied.length)} already applied.`
        : `Applied ${plural(result.appliedNow.length)}.`,
    );
    const repaired = flags.repair ? await repair(db, files) : null;
    for (const file of repaired?.rerun ?? [])
      out.line(
        `Repair: ran ${folder}/${file.name}'s ${counted(file.statements, "CREATE … IF NOT EXISTS statement")} again (what exists is unchanged).`,
      );
    out.result(
      reportJson(
        {
          database: { dialect: db.dialect, target: db.target },
          migrations: folder,
          status: result,
          applied: result.appliedNow,
          dryRun: false,
        },
        repaired ? { repaired: repaired.rerun.map((file) => file.name) } : {},
      ),
    );
  } finally {
    await db.close();
  }
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, MigrateFlags> = ({ args, options }, out, host) =>
  runMigrate(args.dir, options, out, host);
