/**
 * The Prisma command that creates what the schema describes in the app's database: the one generate's next
 * step, migrate and doctor all name (database/state.ts).
 */
import path from "node:path/posix";
import type { ProjectReader } from "../../project/reader.js";
import type { PrismaProject } from "./project.js";

/**
 * Prisma's command: `migrate dev` where the app keeps Prisma migrations (a migrations folder beside the
 * schema, or one level up), else `db push`, which leaves no migration history to drift from.
 */
export function prismaCommand(
  reader: ProjectReader,
  prisma: Pick<PrismaProject, "layout" | "schemaPath"> | null,
): string {
  const schemaDir =
    prisma?.layout === "folder" ? prisma.schemaPath : path.dirname(prisma?.schemaPath ?? "prisma/schema.prisma");
  const folders = [`${schemaDir}/migrations`, `${path.dirname(schemaDir)}/migrations`, "prisma/migrations"];
  const keepsMigrations = folders.some((dir) => reader.isDirectory(path.normalize(dir)));
  return keepsMigrations ? "npx prisma migrate dev --name auth" : "npx prisma db push";
}
