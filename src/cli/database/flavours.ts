/**
 * The database flavours, each written once: the SQL dialects an app's database speaks and the ORMs whose
 * schema the auth tables can live in. `--db`/`--orm` choices, prompts, names and the runtime adapter list
 * derive from these tuples, so a new ORM is one entry here plus its folder (database/<id>/). Plain data
 * that imports nothing, so every tier may read it.
 */

/** The SQL dialects, in the order flags and messages list them. */
export const SQL_DIALECTS = ["sqlite", "postgres", "mysql"] as const;
export type SqlDialect = (typeof SQL_DIALECTS)[number];

/** The ORMs whose schema the auth tables go in; "none" (plain SQL migrations) is not one of them. */
export const SCHEMA_ORMS = ["drizzle", "prisma"] as const;
export type SchemaOrmId = (typeof SCHEMA_ORMS)[number];

/** `--orm`'s values: no ORM (create-auth's own client module and SQL migrations), then each ORM. */
export const ORM_IDS = ["none", ...SCHEMA_ORMS] as const;
export type OrmId = (typeof ORM_IDS)[number];

export interface OrmFlavour {
  /** Its name for people: `Drizzle`. */
  name: string;
  /** What its schema holds, for messages: `tables`, `models`. */
  schemaItems: string;
  /** The runtime package's entries its adapter imports (runtime-package/entries.ts). */
  runtimeEntries(dialect: SqlDialect): `./${string}`[];
}

/** Drizzle's table definitions are per SQL dialect, named as drizzle-orm names its dialect modules. */
const DRIZZLE_TABLES = { sqlite: "sqlite", postgres: "pg", mysql: "mysql" } as const;

/** What the rest of the CLI needs of each ORM; a Record, so an id without its entry does not compile. */
export const ORM_FLAVOURS: Record<SchemaOrmId, OrmFlavour> = {
  drizzle: {
    name: "Drizzle",
    schemaItems: "tables",
    runtimeEntries: (dialect) => ["./adapters/drizzle", `./adapters/drizzle-tables/${DRIZZLE_TABLES[dialect]}`],
  },
  prisma: { name: "Prisma", schemaItems: "models", runtimeEntries: () => ["./adapters/prisma"] },
};

/**
 * The runtime's database adapters (`@create-auth/runtime/adapters/<name>`, what init wires into the auth
 * module): one per SQL dialect, then one per ORM, named by its id.
 */
export const DATABASE_ADAPTERS = [...SQL_DIALECTS, ...SCHEMA_ORMS] as const;
export type DatabaseAdapterName = (typeof DATABASE_ADAPTERS)[number];

const ADAPTER_IMPORT = new RegExp(`/adapters/(${DATABASE_ADAPTERS.join("|")})["']`);

/** The database adapter an auth module's source imports (`…/adapters/postgres"`), null when none. */
export function importedAdapter(source: string | null | undefined): DatabaseAdapterName | null {
  return (ADAPTER_IMPORT.exec(source ?? "")?.[1] as DatabaseAdapterName | undefined) ?? null;
}

export function isSchemaOrm(value: string): value is SchemaOrmId {
  return (SCHEMA_ORMS as readonly string[]).includes(value);
}

/** An ORM the app already uses (its package, its config), and the dialect its setup names, if any. */
export interface ProjectOrm {
  orm: SchemaOrmId;
  dialect: SqlDialect | null;
}
