/**
 * `auth generate [dir]`: writes what the app's database setup lacks of the auth tables: the next numbered
 * SQL migration, the Drizzle tables in the app's schema module (and that migration where the auth tables
 * are new), or the Prisma models in its schema. What is its own: find the app and its database setup (database/setup.ts), check --out,
 * on the SQL path read the app's database for a users table of its own (database/sql/existing-users.ts: the
 * pending first migration is adapted to it, or refused when sign-up cannot work on it), plan
 * (database/generate-plan.ts), and refuse a schema the merge cannot edit safely, printing what to add by hand
 * (exit 1, nothing written). Review, --dry-run's diff, apply and next steps are the shared contract
 * (run-plan.ts); a second run finds nothing to do.
 */

import { authTablesOf } from "../database/auth-tables.js";
import { dialectName } from "../database/drivers.js";
import { ORM_FLAVOURS, SCHEMA_ORMS } from "../database/flavours.js";
import { generateInput, sqliteClientOf } from "../database/generate-input.js";
import { planGenerate, type SqlGenerateInput } from "../database/generate-plan.js";
import type { GeneratePlan, Unsupported } from "../database/generate-steps.js";
import { type Table, tables } from "../database/model.js";
import { ORMS } from "../database/orms.js";
import { projectEnv } from "../database/project-env.js";
import { configuredAdapter, findDatabaseSetup } from "../database/setup.js";
import type { DatabaseSetup } from "../database/setup-types.js";
import { existingUsers } from "../database/sql/existing-users.js";
import { MIGRATIONS_DIR, migrationFiles } from "../database/sql/migrations.js";
import { tableStatements } from "../database/sql/render.js";
import { databaseState } from "../database/state.js";
import { CliError } from "../errors.js";
import { detectProject } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import type { Plan } from "../plan/types.js";
import { describeProject } from "../project/describe.js";
import { projectPath } from "../project/project-path.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { providersOf } from "../providers/auth-providers.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { projectRoot } from "./lifecycle.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

export interface GenerateFlags extends Omit<PlanCommandFlags, "install"> {
  db?: string;
  orm?: string;
  out?: string;
}

/** --out as a `/`-separated path inside the project (relative to it, or absolute within it); else exit 2. */
export function outPath(root: string, value: string): string {
  return projectPath(root, value, { flag: "--out", what: "the schema or migrations folder it names" });
}

/** --out names a folder for SQL, and what each ORM says for its schema (a module for Drizzle, …). */
function checkOut(out: string, setup: DatabaseSetup, value: string): void {
  const error =
    setup.orm === "none"
      ? /\.sql$/i.test(out)
        ? `--out for SQL names the migrations folder (e.g. auth-migrations), not a file: got "${value}".`
        : null
      : ORMS[setup.orm].outError(out, value);
  if (error) throw new CliError("InvalidOption", error);
}

/** The tables a refusal names (by SQL name or any ORM's); all of them when it names none. */
function namedTables(reason: string, of: readonly Table[]): readonly Table[] {
  const names = (table: Table) => [table.name, ...SCHEMA_ORMS.map((orm) => ORMS[orm].tableName(table))];
  const named = of.filter((table) => names(table).some((name) => new RegExp(`\\b${name}\\b`).test(reason)));
  return named.length > 0 ? named : of;
}

/** What our table model needs, in the schema's own language (SQL statements, or the ORM's), to add by hand. */
function manualSchema(setup: DatabaseSetup, unsupported: Unsupported, of: readonly Table[]): string {
  const named = namedTables(unsupported.reason, of);
  if (setup.orm !== "none") return ORMS[setup.orm].manualSchema(named, setup.dialect);
  return named.map((table) => tableStatements(table, setup.dialect).join("\n")).join("\n\n");
}

function refuse(setup: DatabaseSetup, unsupported: Unsupported, of: readonly Table[], out: Output, host: Host): never {
  const { file, reason } = unsupported;
  const why = reason.startsWith(file) ? reason : `${file}: ${reason}`;
  const lines = [
    `${why.replace(/[.:]$/, "")}.`,
    `Nothing was written. What the auth tables need (the ${setup.orm === "none" ? "tables" : ORM_FLAVOURS[setup.orm].schemaItems} below), to add by hand before running generate again:`,
    "",
    manualSchema(setup, unsupported, of),
  ];
  // --json keeps stdout for its one object: the lines to add go to stderr there.
  if (out.json) host.stderr(`${lines.join("\n")}\n`);
  else for (const line of lines) out.line(line);
  throw new CliError(
    "UnsupportedProject",
    `${why.replace(/[.:]$/, "")}; nothing was written (add the lines printed above by hand).`,
  );
}

/** The SQL migrations' own refusal (an adapted file edited by hand): one line, nothing to print besides. */
function refuseSql(unsupported: Unsupported): never {
  throw new CliError("UnsupportedProject", `${unsupported.reason.replace(/[.:]$/, "")}. Nothing was written.`);
}

/**
 * The SQL path's look at the app's database: a users table of its own (adapted to, or refused), the auth
 * module that hands the adapter its options, SQLite's client module. A database that cannot be read is said
 * in a note: the migration is then written as for a database without one, and migrate checks again.
 */
async function sqlUsers(
  root: string,
  reader: ProjectReader,
  info: ProjectInfo,
  host: Host,
  setup: DatabaseSetup,
  dir: string,
): Promise<{ input: Partial<SqlGenerateInput>; note: string | null }> {
  const state = databaseState(reader, info, dir);
  const { env } = projectEnv(reader, host.env, info.envFile);
  const found = await existingUsers(root, env, state.setting, migrationFiles(reader, dir));
  if (found !== null && typeof found !== "string" && found.fit.kind === "refuse")
    throw new CliError(
      "UnsupportedProject",
      `${found.where} already has a users table of its own, and sign-up cannot work on it: ${found.fit.reasons.join("; ")}. Nothing was written: change that in the database, then run ${state.generate} again.`,
    );
  const configured = configuredAdapter(reader, info);
  const authModule = configured && configured.adapter === setup.dialect ? configured : null;
  const note =
    typeof found === "string"
      ? `Could not read the database for a users table of the app's own (${found.replace(/\.$/, "")}): the migrations are written for a database without one; ${state.owner.command} checks again before it applies them.`
      : null;
  return {
    input: {
      existingUsers: typeof found === "string" ? null : found,
      authModule,
      sqliteClient: authModule && setup.dialect === "sqlite" ? sqliteClientOf(reader, info, authModule.file) : null,
    },
    note,
  };
}

/** The tables the providers the auth module configures need (`passwords` with the password provider). */
function configuredTables(reader: ProjectReader, info: ProjectInfo): readonly Table[] {
  const authFile = configuredAdapter(reader, info)?.file ?? info.existingAuthFiles[0];
  return authTablesOf(authFile ? providersOf(reader.read(authFile), authFile) : []);
}

function describeSetup(setup: DatabaseSetup, planned: GeneratePlan): string {
  const flavour = setup.orm === "none" ? "SQL migrations" : `${ORM_FLAVOURS[setup.orm].name} schema`;
  return `Database: ${dialectName(setup.dialect)}, ${flavour} in ${planned.schema.path} (from ${setup.evidence.join("; ")}).`;
}

export async function runGenerate(
  dir: string | undefined,
  flags: GenerateFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const root = projectRoot(dir, host, out);
  const reader = host.reader(root);
  const { info } = await detectProject(reader, { userAgent: host.env["npm_config_user_agent"] });
  const outFlag = flags.out === undefined ? undefined : outPath(root, flags.out);
  const setup = findDatabaseSetup(reader, info, flags);
  if (outFlag !== undefined) checkOut(outFlag, setup, flags.out!);
  const sql = setup.orm === "none" ? await sqlUsers(root, reader, info, host, setup, outFlag ?? MIGRATIONS_DIR) : null;
  const input: SqlGenerateInput = {
    ...generateInput(reader, root, info, setup, configuredTables(reader, info), host.env),
    ...(outFlag ? { out: outFlag } : {}),
    ...sql?.input,
  };
  const first = planGenerate(input);
  if (first.unsupported) {
    if (setup.orm === "none") refuseSql(first.unsupported);
    refuse(setup, first.unsupported, input.tables ?? tables, out, host);
  }
  const noted = (plan: Plan): Plan => (sql?.note ? { ...plan, notes: [...plan.notes, sql.note] } : plan);

  await runPlan({
    command: "generate",
    root,
    plan: (overwrite) => noted(overwrite.size === 0 ? first.plan : planGenerate(input, overwrite).plan),
    flags,
    out,
    host,
    header: [describeProject(info), describeSetup(setup, first)],
    json: {
      project: { root: info.root, framework: { id: info.framework.id, name: info.framework.name } },
      database: { dialect: setup.dialect, orm: setup.orm, evidence: setup.evidence },
      schema: first.schema,
      migrationsDir: first.migrationsDir,
      added: first.added,
    },
    nothingToDo: `Nothing to do: ${first.schema.path} already has every auth table and column.`,
  });
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, GenerateFlags> = ({ args, options }, out, host) =>
  runGenerate(args.dir, options, out, host);
