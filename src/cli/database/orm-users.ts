/**
 * init's check, before it asks anything, that the app's own Drizzle or Prisma schema can take the auth tables:
 * the same merge the plan makes (schema/drizzle-merge.ts, schema/prisma-merge.ts), run on the ORM setup init
 * will use, so that a users table it must refuse (a `role` column sign-up cannot fill, an id nothing numbers)
 * is said before the first question, not after the last.
 */
import type { PartialAnswers, ProjectOrm } from "../answers/resolve.js";
import { CliError } from "../errors.js";
import type { ProjectReader } from "../plan/reader.js";
import { mergeDrizzleSchema } from "../schema/drizzle-merge.js";
import { prismaProviderFor } from "../schema/prisma.js";
import { mergePrismaSchema } from "../schema/prisma-merge.js";
import type { ProjectInfo } from "../targets/types.js";
import { findDrizzleProject } from "./drizzle-project.js";
import { findPrismaProject, newSchemaFile } from "./prisma-project.js";

/** Why the ORM's schema cannot take the auth tables, or null when it can (or nothing says which ORM yet). */
function refusal(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
  orm: ProjectOrm,
  db: PartialAnswers["db"],
): string | null {
  // The project's own dialect first: a --db that contradicts it is the plan's to explain (assertDialect).
  const dialect = orm.dialect ?? (db && db !== "none" ? db : null);
  if (dialect === null) return null;
  if (orm.orm === "drizzle") {
    const project = findDrizzleProject(reader, info);
    if (!project) return null;
    const result = mergeDrizzleSchema(reader.read(project.authSchemaFile), project.authSchemaFile, dialect);
    return "unsupported" in result ? result.unsupported : null;
  }
  const project = findPrismaProject(reader, info);
  if (!project) return null;
  const result = mergePrismaSchema(project.files, prismaProviderFor(dialect), project.layout, newSchemaFile(project));
  return "unsupported" in result ? result.unsupported : null;
}

/**
 * Throws init's refusal of the app's ORM schema before any prompt: for the ORM --orm names, else for each
 * ORM the project uses (what init offers first), unless --orm none or --db none keep the ORM out of it.
 */
export function assertOrmSchemaFits(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
  partial: PartialAnswers,
  project: readonly ProjectOrm[],
): void {
  if (partial.orm === "none" || partial.db === "none") return;
  const candidates = partial.orm ? project.filter((found) => found.orm === partial.orm) : project;
  for (const orm of candidates) {
    const why = refusal(reader, info, orm, partial.db);
    if (why) throw new CliError("UnsupportedProject", why);
  }
}
