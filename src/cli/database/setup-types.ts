/**
 * What database/setup.ts finds of an app's database setup: the shape every database command and each
 * ORM's generate read, kept apart from the finding so the ORMs' modules can name it without importing it.
 */
import type { DrizzleProject } from "./drizzle/project.js";
import type { OrmId, SqlDialect } from "./flavours.js";
import type { PrismaProject } from "./prisma/project.js";

export type SchemaOrm = OrmId;

export interface DatabaseSetupFlags {
  db?: string;
  orm?: string;
}

export interface DatabaseSetup {
  dialect: SqlDialect;
  orm: SchemaOrm;
  /** Where each answer came from, in words (`src/auth.ts imports @create-auth/runtime/adapters/postgres`). */
  evidence: string[];
  /** The project's Drizzle setup when orm is drizzle (null when it has none yet). */
  drizzle: DrizzleProject | null;
  /** The project's Prisma setup when orm is prisma (null when it has none yet). */
  prisma: PrismaProject | null;
}
