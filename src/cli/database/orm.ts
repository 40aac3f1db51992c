/**
 * What the rest of the CLI asks of an ORM whose schema holds the auth tables. Each ORM answers in its own
 * folder (database/<id>/orm.ts) and database/orms.ts lists them, so shared code (init's plan, generate,
 * doctor's tables, init's checks before any question) calls these and never names an ORM.
 */
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import type { DatabaseSetting } from "./connect.js";
import type { ExpectedTable } from "./expected-tables.js";
import type { SqlDialect } from "./flavours.js";
import type { GenerateInput, GeneratePlan } from "./generate-steps.js";
import type { Table } from "./model.js";
import type { OrmContext, OrmPart } from "./orm-shared.js";
import type { DatabaseSetup, OrmProject } from "./setup-types.js";
import type { UserIdKind } from "./users-table.js";

type Layout = Pick<ProjectInfo, "srcDir" | "language">;

/** An ORM the project uses, as detection reports it. */
export interface FoundOrm {
  /** What the project has of it, for the ORM's own modules (generate, the database state). */
  project: OrmProject;
  /** The dialect its setup declares, and where, in words (`prisma/schema.prisma declares provider "mysql"`). */
  declared: { dialect: SqlDialect; words: string } | null;
  /** What shows the app uses it, for the evidence init prints: `Drizzle (drizzle.config.ts)`. */
  evidence: string;
}

/** What the merge says of the app's schema: why it cannot take the auth tables, or whether email gains `unique`. */
export interface MergeVerdict {
  refusal: string | null;
  /** The users table and email column the merge adds a unique constraint to (SQL names), if it does. */
  uniqueEmail: { table: string; column: string } | null;
}

/** doctor's users-table findings in this ORM's words: where the ids are declared, and the fixes it names. */
export interface OrmUsersAdvice {
  /**
   * Where the ORM's own users table declares the id kind the adapter writes (Drizzle's table, handed to the
   * adapter), rather than the auth module's `userIds`: read from the schema, with what that tells and how to
   * fix a mismatch. Absent where the adapter's `userIds` option decides, as for the SQL adapters.
   */
  declaredIds?: {
    idKind(reader: ProjectReader, users: ExpectedTable, dialect: SqlDialect): UserIdKind | null;
    told(passed: UserIdKind): string;
    fix: string;
  };
  /** How to give the users table's email its unique constraint, then create it. */
  uniqueEmailFix: string;
  /** The ORM call that marks the addresses an app verified (`condition` is the user's to fill in). */
  markVerified(condition: string): string;
}

/** An ORM's own tool for its schema: what creates its tables when create-auth's migrations do not. */
export interface OrmTool {
  /** Its id in the database state's answer: `drizzle-kit`, `prisma`. */
  id: string;
  /** Its name for people: `drizzle-kit`, `Prisma`. */
  name: string;
  /** The key `auth migrate --json` reports it under: `drizzleKit`, `prisma`. */
  resultKey: string;
}

/** What database/state.ts reads an app with, for each ORM to say who creates the auth tables. */
export interface SchemaStateContext {
  reader: ProjectReader;
  /** generate's answer (database/setup.ts), null where the app names no database or detect refuses it. */
  setup: DatabaseSetup | null;
  layout: Layout;
  info: ProjectInfo | null;
  /** The adapter the auth module imports, if any. */
  configured: { file: string; adapter: string } | null;
  /** Why, in words: the adapter the auth module imports, else the setup's first evidence. */
  evidence: string;
  /** Whether the migrations folder holds create-auth's SQL migrations, and that folder. */
  hasMigrations: boolean;
  migrations: string;
}

/** Who creates the auth tables: an ORM's tool with its command, or (tool null) create-auth's migrations. */
export interface SchemaOwnerAnswer {
  tool: OrmTool | null;
  evidence: string;
  /** The ORM tool's command; create-auth's migrate command when absent. */
  command?: string;
}

/** An ORM's answer for the database state: who creates the tables, and where the database is. */
export interface OrmSchemaState {
  owner: SchemaOwnerAnswer;
  setting: DatabaseSetting;
  /** The ORM's command for the app's own columns on the auth tables, whoever creates the tables (null: none). */
  ownColumns: string | null;
}

export interface Orm {
  /**
   * What the project has of this ORM, or null when it does not use it. `wired`: the auth module that already
   * hands this ORM's adapter its tables, which says where they are (Drizzle's auth schema module).
   */
  find(
    reader: ProjectReader,
    info: Layout,
    wired?: { authFile: string; aliases: ProjectInfo["aliases"] },
  ): FoundOrm | null;
  /** init's part of the plan: the auth tables in the app's schema, the client the adapter is handed. */
  plan(ctx: OrmContext): OrmPart;
  /**
   * The tables and columns the adapter queries, read from the app's schema, for doctor's checks; `of`, the
   * tables the app's providers need (database/auth-tables.ts), the model's when absent.
   */
  expectedTables(reader: ProjectReader, info: ProjectInfo, authFile: string, of?: readonly Table[]): ExpectedTable[];
  users: OrmUsersAdvice;
  /** init's check before any question: the merge's verdict on the app's schema, null when it has none. */
  schemaVerdict(reader: ProjectReader, info: Layout, dialect: SqlDialect): MergeVerdict | null;
  /** generate's plan: the auth tables merged into the app's schema, and what creates them in the database. */
  generate(input: GenerateInput, overwrite: ReadonlySet<string>): GeneratePlan;
  /** Why `--out <value>` (project-relative: `out`) cannot name this ORM's schema, or null when it can. */
  outError(out: string, value: string): string | null;
  /** A table's name in this ORM's schema (`users`, `User`), to find the tables a refusal names. */
  tableName(table: Table): string;
  /** What the tables need, in the schema's own language, for the user to add by hand (generate's refusal). */
  manualSchema(tables: readonly Table[], dialect: SqlDialect): string;
  /**
   * Who creates the auth tables of an app whose setup names this ORM (or, with no setup, whose files this ORM
   * finds), and where its database is; null where this ORM has nothing to say.
   */
  schemaState(context: SchemaStateContext): OrmSchemaState | null;
  /** Where the database is, read from this ORM's config alone, for a folder with no database setup. */
  settingWithoutSetup(reader: ProjectReader): DatabaseSetting | null;
}
