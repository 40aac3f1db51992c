/**
 * What the rest of the CLI asks of an ORM whose schema holds the auth tables. Each ORM answers in its own
 * folder (database/<id>/orm.ts) and database/orms.ts lists them, so shared code (init's plan, generate,
 * doctor's tables, init's checks before any question) calls these and never names an ORM.
 */
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import type { ExpectedTable } from "./expected-tables.js";
import type { SqlDialect } from "./flavours.js";
import type { GenerateInput, GeneratePlan } from "./generate-steps.js";
import type { Table } from "./model.js";
import type { OrmContext, OrmPart } from "./orm-shared.js";
import type { UserIdKind } from "./users-table.js";

type Layout = Pick<ProjectInfo, "srcDir" | "language">;

/** An ORM the project uses, as detection reports it. */
export interface FoundOrm {
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

export interface Orm {
  /** What the project has of this ORM, or null when it does not use it. */
  find(reader: ProjectReader, info: Layout): FoundOrm | null;
  /** init's part of the plan: the auth tables in the app's schema, the client the adapter is handed. */
  plan(ctx: OrmContext): OrmPart;
  /** The tables and columns the adapter queries, read from the app's schema, for doctor's checks. */
  expectedTables(reader: ProjectReader, info: ProjectInfo, authFile: string): ExpectedTable[];
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
}
