/**
 * Runs `prisma <args>` offline on a schema text written to `<folder>/prisma/schema.prisma`, or on a schema
 * folder: its files by path under prisma/ (`schema/base.prisma`, `schema/models/note.prisma`), all in one
 * folder, which `--schema` names (`schemaPath` is then that folder).
 */
export function runPrisma(
  folder: string,
  schema: string | Record<string, string>,
  args: string[],
): Promise<{ output: string; schemaPath: string }>;

/** A fresh folder under the repository's .tmp/ for one Prisma schema. */
export function prismaFolder(): Promise<{ folder: string; remove(): Promise<void> }>;

/** Generates the Prisma client of `schema` and imports it (its module is the generated `client.ts`). */
export function generatePrismaClient(
  schema: string,
): Promise<{ client: Record<string, unknown>; folder: string; remove(): Promise<void> }>;
