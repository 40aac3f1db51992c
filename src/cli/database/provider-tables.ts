/**
 * The tables a provider adds to an app already set up with a database (add-provider): for the password
 * provider, `passwords` in the app's own schema flavour, planned as `generate` plans it (a new SQL migration
 * holding only that table, and SQLite's client module creating it on open; the Drizzle table or the Prisma
 * model merged into the app's schema), with the command that creates it in the database. Nothing for a
 * provider that needs no table of its own, or an app without a database (the runtime then has no adapter).
 * Pure: reads through the setup's ProjectReader only.
 */
import type { FileStep } from "../plan/planner.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo, ProviderEntry } from "../project/types.js";
import { providersOf } from "../providers/auth-providers.js";
import { authTablesFor } from "./auth-tables.js";
import { generateInput, sqliteClientOf } from "./generate-input.js";
import { planGenerate } from "./generate-plan.js";
import { ORMS } from "./orms.js";
import { configuredAdapter, findDatabaseSetup } from "./setup.js";
import { MIGRATIONS_DIR, migrationFiles } from "./sql/migrations.js";
import { tableStatements } from "./sql/render.js";

export { authTablesFor } from "./auth-tables.js";

export interface ProviderTablesPlan {
  steps: FileStep[];
  nextSteps: string[];
}

/** The tables of the model only some providers use, by the kind of provider that needs each. */
const PROVIDER_TABLES: Record<string, string> = { password: "passwords" };

/** The table `provider` needs of its own (`passwords`), or null. */
export function providerTable(provider: Pick<ProviderEntry, "kind">): string | null {
  return PROVIDER_TABLES[provider.kind] ?? null;
}

/**
 * The auth tables of an app, children first (the order DROP TABLE takes them in): a provider's own table
 * (passwords) too where the auth module configures that provider or the migrations create the table, which
 * stays after remove-provider and would otherwise hold users in place.
 */
export function dropOrder(reader: ProjectReader, authSource: string | null, authPath: string): string[] {
  const kinds = new Set<string>(providersOf(authSource, authPath).map((entry) => entry.kind));
  const created = migrationFiles(reader, MIGRATIONS_DIR).map((file) => file.sql);
  for (const [kind, table] of Object.entries(PROVIDER_TABLES))
    if (created.some((sql) => new RegExp(`CREATE TABLE (?:IF NOT EXISTS )?${table}\\b`, "i").test(sql)))
      kinds.add(kind);
  return [...authTablesFor(kinds)].reverse().map((table) => table.name);
}

/** What of an app set up by init the tables depend on: a command's reading of it (commands/app-setup.ts). */
export interface AppWithAuthModule {
  reader: ProjectReader;
  info: ProjectInfo;
  authPath: string;
  /** The auth module as it is now; null when there is none. */
  authSource: string | null;
}

/**
 * What adding `provider` writes of the database: the migration or schema edit creating its table, and the
 * command that applies it (`npx create-auth migrate`, drizzle-kit's, `npx prisma migrate dev`), as
 * `generate` says it: with the process environment, read over the app's env file as migrate reads it, that
 * step says to name the database first where nothing does yet. A schema the merge cannot edit safely is left
 * as it is, with what to add by hand.
 */
export function planProviderTables(
  setup: AppWithAuthModule,
  provider: ProviderEntry,
  processEnv: Readonly<Record<string, string | undefined>>,
): ProviderTablesPlan {
  const none: ProviderTablesPlan = { steps: [], nextSteps: [] };
  if (!providerTable(provider)) return none;
  const { reader, info, authSource, authPath } = setup;
  const adapter = configuredAdapter(reader, info);
  if (!adapter) return none;
  const kinds = new Set([...providersOf(authSource, authPath).map((entry) => entry.kind as string), provider.kind]);
  const tables = authTablesFor(kinds);
  const database = findDatabaseSetup(reader, info, {});
  const sqliteClient = database.orm === "none" && database.dialect === "sqlite";
  const planned = planGenerate({
    ...generateInput(reader, info.root, info, database, tables, processEnv),
    sqliteClient: sqliteClient ? sqliteClientOf(reader, info, adapter.file) : null,
  });
  if (planned.unsupported) {
    const added = tables.filter((table) => table.name === providerTable(provider));
    const manual =
      database.orm === "none"
        ? added.map((table) => tableStatements(table, database.dialect).join("\n")).join("\n\n")
        : ORMS[database.orm].manualSchema(added, database.dialect);
    return {
      steps: [
        {
          kind: "note",
          text: `${planned.unsupported.reason.replace(/[.:]$/, "")}: ${planned.unsupported.file} was left as it is. Add what the ${provider.name} provider stores by hand, then create it in the database:\n${manual}`,
        },
      ],
      nextSteps: [],
    };
  }
  const { changes, conflicts, notes, nextSteps } = planned.plan;
  // The auth module's edit stays a step, so it composes with add-provider's own edit of that module.
  const edit = planned.authModuleEdit ?? null;
  return {
    steps: [
      ...changes.filter((change) => change.path !== edit?.path).map((change): FileStep => ({ kind: "change", change })),
      ...(edit ? [edit] : []),
      ...conflicts.map((conflict): FileStep => ({ kind: "conflict", conflict })),
      ...notes.map((text): FileStep => ({ kind: "note", text })),
    ],
    nextSteps,
  };
}
