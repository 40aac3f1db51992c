/**
 * The tables and columns the app's adapter reads and writes exist in the database its settings name
 * (DATABASE_URL or AUTH_DATABASE_FILE, database/connect.ts), read through a read-only connection. The
 * built-in SQL adapters query the one table model (database/model.ts); the Prisma and Drizzle adapters query
 * what the app's own ORM schema maps (orm-tables.ts: `@@map`/`@map` names, the Drizzle tables' SQL names).
 * A database it cannot reach is said, not a crash: CI often has none. Where the database is and the command
 * each fix names come from database/state.ts, the answer migrate, generate and db prune read too.
 */

import { type Finding, finding, ok } from "../../checks/finding.js";
import { authTablesFor } from "../../database/auth-tables.js";
import { type DatabaseConnection, openDatabase } from "../../database/connect.js";
import { dialectName } from "../../database/drivers.js";
import { type ExpectedTable, modelTables } from "../../database/expected-tables.js";
import type { SqlDialect } from "../../database/flavours.js";
import { migrationStatus, recordedMigrations } from "../../database/migrator.js";
import { configuredAdapter } from "../../database/setup.js";
import { usersToAdapt } from "../../database/sql/existing-users.js";
import { createTablesCommand, databaseState } from "../../database/state.js";
import { CliError } from "../../errors.js";
import { configuredCatalogProviders } from "../../providers/auth-providers.js";
import type { DoctorContext } from "./context.js";
import { expectedTables } from "./orm-tables.js";

/** Every column of every table in the connection's current schema: table → column names (lower case). */
export async function databaseColumns(db: DatabaseConnection): Promise<Map<string, Set<string>>> {
  const columns = new Map<string, Set<string>>();
  const add = (table: string, column: string) => {
    const key = table.toLowerCase();
    if (!columns.has(key)) columns.set(key, new Set());
    columns.get(key)!.add(column.toLowerCase());
  };
  if (db.dialect === "sqlite") {
    const names = await db.query("SELECT name FROM sqlite_master WHERE type = 'table'");
    for (const { name } of names) {
      columns.set(String(name).toLowerCase(), new Set());
      // A table name from the database itself, quoted as an identifier.
      const rows = await db.query(`SELECT name FROM pragma_table_info('${String(name).replaceAll("'", "''")}')`);
      for (const row of rows) add(String(name), String(row["name"]));
    }
    return columns;
  }
  const schema = db.dialect === "postgres" ? "current_schema()" : "DATABASE()";
  const rows = await db.query(
    `SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = ${schema}`,
  );
  for (const row of rows) add(String(row["t"] ?? row["T"]), String(row["c"] ?? row["C"]));
  return columns;
}

export async function checkDatabase(ctx: DoctorContext): Promise<Finding[]> {
  if (!ctx.project) return [];
  const adapter = configuredAdapter(ctx.reader, ctx.project.info);
  if (!adapter) return [];
  // Where the database is and what creates its tables: the answer migrate, generate and db prune read too.
  const state = databaseState(ctx.reader, ctx.project?.info ?? null);
  let db: DatabaseConnection;
  try {
    db = await openDatabase(ctx.root, ctx.env, { readOnly: true, absentAsEmpty: true, setting: state.setting });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return [
      finding(
        ctx.production ? "warning" : "info",
        "database.unreachable",
        `${adapter.file} uses the ${adapter.adapter} adapter; its tables were not checked: ${error.message}`,
        "run npx create-auth doctor where the database is reachable (its settings in the env file or the environment)",
        adapter.file,
      ),
    ];
  }
  if (db.absent) {
    // Nothing to check yet, and nothing broken: the command that creates the tables creates the file too.
    await db.close();
    return [
      finding(
        ctx.production ? "warning" : "info",
        "database.unreachable",
        `${adapter.file} uses the ${adapter.adapter} adapter; its tables were not checked: the SQLite database ${db.target} does not exist yet.`,
        `create it and its tables: ${createTablesCommand(state, null, db.dialect)}`,
        adapter.file,
      ),
    ];
  }
  const kinds = providerKinds(ctx);
  // The passwords table is expected only where the app configures the password provider.
  const expected = expectedTables(ctx.reader, ctx.project.info, adapter, authTablesFor(kinds));
  try {
    const columns = await databaseColumns(db);
    // What the database has applied of create-auth's migrations decides between generate and migrate.
    const status =
      state.owner.tool === "create-auth"
        ? migrationStatus(state.migrations.files, await recordedMigrations(db, db.dialect))
        : null;
    const create = (await usersToAdapt(db, state.migrations.files, status))
      ? `${state.generate}, then ${state.owner.command}`
      : createTablesCommand(state, status, db.dialect);
    const commands = { create, ownColumns: state.ownColumns ?? create };
    return schemaFindings(kinds, adapter.adapter, db.dialect, db.target, expected, columns, commands);
  } finally {
    await db.close();
  }
}

/** The kinds of provider the auth module configures (`email`, `webauthn`, `password`). */
function providerKinds(ctx: DoctorContext): Set<string> {
  if ("missing" in ctx.setup) return new Set();
  return new Set(configuredCatalogProviders(ctx.setup.authSource, ctx.setup.authPath).map((p) => p.kind));
}

function schemaFindings(
  kinds: ReadonlySet<string>,
  adapter: string,
  dialect: SqlDialect,
  target: string,
  expected: readonly ExpectedTable[],
  present: Map<string, Set<string>>,
  /** What creates the auth tables and columns; what creates the app's own columns on them (its ORM's tool). */
  commands: { create: string; ownColumns: string },
): Finding[] {
  const createTables = commands.create;
  const modelColumns = new Map(
    modelTables(authTablesFor(kinds)).map((table) => [
      table.model.name,
      new Set(table.columns.map((c) => c.toLowerCase())),
    ]),
  );
  /** Tables only some providers use: a missing one matters only with such a provider. */
  const usedBy: Record<string, boolean> = {
    // The links both mail (sign-in; verification and reset) are verification tokens.
    verification_tokens: kinds.has("email") || kinds.has("password"),
    authenticators: kinds.has("webauthn"),
    passwords: kinds.has("password"),
  };
  /** Why a table only some providers use is not needed here, in the words of the note. */
  const unusedBecause: Record<string, string> = {
    verification_tokens: " (used only by email links and passwords, which the app does not configure)",
    authenticators: " (used only by passkeys, which the app does not configure)",
    passwords: " (used only by the password provider, which the app does not configure)",
  };
  const where = `${dialectName(dialect)} ${target}`;
  const findings: Finding[] = [];
  for (const table of expected) {
    if (table.notHanded) {
      findings.push(
        finding(
          "error",
          "database.table-not-handed",
          `${table.notHanded} hands the ${adapter} adapter no ${table.name} table: the adapter is made without the methods that use it, and the provider that needs them refuses to start.`,
          `add ${table.name} (exported by your auth schema module) to the tables the adapter is handed; npx create-auth generate adds it`,
          table.notHanded,
        ),
      );
      continue;
    }
    if (table.missingModel) {
      const { model, schema } = table.missingModel;
      const needed = usedBy[table.model.name] ?? true;
      findings.push(
        finding(
          needed ? "error" : "info",
          "database.model-missing",
          `${schema} has no ${model} model${needed ? `: the ${adapter} adapter's client has no ${model} to query, whatever tables the database holds` : unusedBecause[table.model.name]}.`,
          `add the ${model} model back (npx create-auth generate writes it), then ${createTables}`,
          schema,
        ),
      );
      continue;
    }
    const declared = table.declaredIn ? ` (as ${table.declaredIn} maps it)` : "";
    const columns = present.get(table.name.toLowerCase());
    if (!columns) {
      const needed = usedBy[table.model.name] ?? true;
      findings.push(
        finding(
          needed ? "error" : "info",
          "database.table-missing",
          `${where} has no ${table.name} table${declared}${needed ? `: the ${adapter} adapter fails on its first query of it` : unusedBecause[table.model.name]}.`,
          `create the auth tables: ${createTables}`,
          table.declaredIn ?? undefined,
        ),
      );
      continue;
    }
    const absent = table.columns.filter((column) => !columns.has(column.toLowerCase()));
    // A column of the app's own (`users.role`) is in no create-auth migration: its ORM's tool creates it.
    const ours = modelColumns.get(table.model.name);
    const own = absent.some((column) => !ours?.has(column.toLowerCase()));
    if (absent.length > 0) {
      findings.push(
        finding(
          "error",
          "database.column-missing",
          `${where}: ${table.name} lacks ${absent.join(", ")}${declared}, which the ${adapter} adapter reads and writes.`,
          `bring the schema up to date: ${own ? commands.ownColumns : createTables}`,
          table.declaredIn ?? undefined,
        ),
      );
    }
  }
  if (findings.every((f) => f.level === "info")) {
    const source = [...new Set(expected.map((table) => table.declaredIn).filter(Boolean))];
    findings.push(
      ok(
        "database.schema",
        `${where} holds every auth table and column the ${adapter} adapter uses${source.length > 0 ? ` (as ${source.join(", ")} map${source.length === 1 ? "s" : ""} them)` : ""}.`,
      ),
    );
  }
  return findings;
}
