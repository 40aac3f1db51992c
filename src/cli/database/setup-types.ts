/**
 * What database/setup.ts finds of an app's database setup: the shape every database command and each
 * ORM's generate read, kept apart from the finding so the ORMs' modules can name it without importing it.
 */
import type { OrmId, SchemaOrmId, SqlDialect } from "./flavours.js";

export type SchemaOrm = OrmId;

export interface DatabaseSetupFlags {
  db?: string;
  orm?: string;
}

/**
 * The app's own setup of its ORM (its config, schema files, client instance), as that ORM's folder reads it:
 * only that folder looks inside (database/<orm>/project.ts: drizzleProjectOf, prismaProjectOf).
 */
export interface OrmProject {
  readonly orm: SchemaOrmId;
}

export interface DatabaseSetup {
  dialect: SqlDialect;
  orm: SchemaOrm;
  /** Where each answer came from, in words (`src/auth.ts imports @create-auth/runtime/adapters/postgres`). */
  evidence: string[];
  /** The project's setup of that ORM (null with no ORM, or when the app has none of it yet). */
  project: OrmProject | null;
}
