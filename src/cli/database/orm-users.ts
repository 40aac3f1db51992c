/**
 * init's check, before it asks anything, that the app's own Drizzle or Prisma schema can take the auth tables:
 * the same merge the plan makes (each ORM's schemaVerdict, database/<orm>/orm.ts), run on the ORM setup init
 * will use, so that a users table it must refuse (a `role` column sign-up cannot fill, an id nothing numbers)
 * is said before the first question, not after the last. Where the merge adds a unique constraint on email
 * and the app's database is reachable, the addresses rows already share are refused too: the constraint
 * could not be created on them.
 */
import type { ProjectOrm } from "./flavours.js";

/** The database answers given so far (flags, or none yet): what the checks before the questions read. */
type DatabaseAnswers = Partial<Pick<Answers, "db" | "orm">>;

import { CliError } from "../errors.js";
import type { ProjectReader } from "../project/reader.js";
import type { Answers, ProjectInfo } from "../project/types.js";
import { type DatabaseConnection, openDatabase } from "./connect.js";
import { sharedValues } from "./live-table.js";
import type { MergeVerdict } from "./orm.js";
import { ORMS } from "./orms.js";
import { projectEnv } from "./project-env.js";

/** The merge's verdict on the ORM's schema, or null when nothing says which dialect yet. */
function verdict(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
  orm: ProjectOrm,
  db: DatabaseAnswers["db"],
): MergeVerdict | null {
  // The project's own dialect first: a --db that contradicts it is the plan's to explain (assertDialect).
  const dialect = orm.dialect ?? (db && db !== "none" ? db : null);
  return dialect === null ? null : ORMS[orm.orm].schemaVerdict(reader, info, dialect);
}

/** The addresses rows of the live database already share, or [] when it cannot be read (not created yet, no settings). */
async function sharedAddresses(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  where: { table: string; column: string },
): Promise<{ target: string; shared: string[] }> {
  let db: DatabaseConnection;
  try {
    db = await openDatabase(root, env, { readOnly: true });
  } catch (error) {
    // No settings, no driver, no file yet, a server that refuses: nothing to read before writing.
    if (error instanceof CliError) return { target: "", shared: [] };
    throw error;
  }
  try {
    return { target: db.target, shared: await sharedValues(db, where.table, where.column) };
  } catch {
    // No such table yet: nothing to share an address.
    return { target: db.target, shared: [] };
  } finally {
    await db.close();
  }
}

/**
 * Throws init's refusal of the app's ORM schema before any prompt: for the ORM --orm names, else for each
 * ORM the project uses (what init offers first), unless --orm none or --db none keep the ORM out of it.
 */
export function assertOrmSchemaFits(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
  partial: DatabaseAnswers,
  project: readonly ProjectOrm[],
): void {
  for (const found of verdicts(reader, info, partial, project))
    if (found.refusal) throw new CliError("UnsupportedProject", found.refusal);
}

function verdicts(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
  partial: DatabaseAnswers,
  project: readonly ProjectOrm[],
): MergeVerdict[] {
  if (partial.orm === "none" || partial.db === "none") return [];
  const candidates = partial.orm ? project.filter((found) => found.orm === partial.orm) : project;
  return candidates.flatMap((orm) => verdict(reader, info, orm, partial.db) ?? []);
}

/**
 * Refuses, before any question, an email constraint the merge would add that rows of the app's reachable
 * database already break, naming the addresses. An unreachable database says nothing here (auth doctor checks
 * it once it is reachable).
 */
export async function assertNoSharedAddresses(
  root: string,
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language" | "envFile">,
  partial: DatabaseAnswers,
  project: readonly ProjectOrm[],
  processEnv: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const adding = verdicts(reader, info, partial, project).flatMap((found) => found.uniqueEmail ?? []);
  if (adding.length === 0) return;
  const { env } = projectEnv(reader, processEnv, info.envFile);
  for (const where of adding) {
    const { target, shared } = await sharedAddresses(root, env, where);
    if (shared.length)
      throw new CliError(
        "UnsupportedProject",
        `init would add a unique constraint to ${where.table}.${where.column}, which the adapter needs (it finds users by their address), but rows of ${target} already share ${shared.length === 1 ? "an address" : "addresses"}: ${shared.join(", ")}. Merge or change those users, then run init again.`,
      );
  }
}
