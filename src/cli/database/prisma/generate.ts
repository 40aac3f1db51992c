/**
 * `auth generate` on a Prisma app: the auth models merged into the app's schema, one file or a multi-file
 * folder (prisma/merge.ts), applied by Prisma's own migrate or db push. The merge keeps everything of the
 * user's; a schema it cannot edit safely is `unsupported`, and nothing is written.
 */
import type { FileStep } from "../../plan/planner.js";
import { dialectName } from "../drivers.js";
import { finish, type GenerateInput, type GeneratePlan, refused } from "../generate-steps.js";
import { prismaCommand } from "./command.js";
import { mergePrismaSchema, type PrismaFile } from "./merge.js";
import { newSchemaFile, prismaFilesUnder, prismaProjectOf } from "./project.js";
import { prismaProviderFor } from "./render.js";

/** The schema to merge into: --out's file or folder, else the project's own, else a new prisma/schema.prisma. */
function prismaSchema(input: GenerateInput): {
  files: PrismaFile[];
  layout: "file" | "folder";
  path: string;
  newFile?: string | undefined;
} {
  const { reader, setup, out } = input;
  const project = prismaProjectOf(setup);
  if (out !== undefined && out !== project?.schemaPath) {
    // A file not there yet is named as an empty one: the merge writes a whole schema into it.
    if (out.endsWith(".prisma"))
      return { files: [{ path: out, text: reader.read(out) ?? "" }], layout: "file", path: out };
    return { files: prismaFilesUnder(reader, out), layout: "folder", path: out };
  }
  if (project)
    return { files: project.files, layout: project.layout, path: project.schemaPath, newFile: newSchemaFile(project) };
  return { files: [], layout: "file", path: "prisma/schema.prisma" };
}

export function generatePrisma(input: GenerateInput): GeneratePlan {
  const { setup } = input;
  const target = prismaSchema(input);
  const schema = { kind: "prisma" as const, path: target.path };
  const merged = mergePrismaSchema(
    target.files,
    prismaProviderFor(setup.dialect),
    target.layout,
    target.newFile,
    input.tables,
  );
  if ("unsupported" in merged) return refused(input, schema, merged.unsupported);
  const before = new Map(
    target.files.filter((file) => input.reader.read(file.path) !== null).map((file) => [file.path, file.text]),
  );
  const reason = `Prisma ${dialectName(setup.dialect)} auth models: ${merged.added.join(", ") || "in place"}`;
  const steps: FileStep[] = merged.changes.map((change) => {
    const old = before.get(change.path);
    return {
      kind: "change",
      change:
        old === undefined
          ? { kind: "create", path: change.path, content: change.text, reason }
          : { kind: "edit", path: change.path, before: old, after: change.text, reason },
    };
  });
  const project = prismaProjectOf(setup);
  if (!project)
    steps.push({
      kind: "note",
      text: "This app does not depend on Prisma yet: install prisma (dev) and @prisma/client before npx prisma generate.",
    });
  return {
    plan: finish(input, steps, new Set(), [
      "Generate the client with the auth models: npx prisma generate",
      `Create the tables: ${prismaCommand(input.reader, project ?? { layout: target.layout, schemaPath: target.path })}`,
    ]),
    added: merged.added,
    schema,
    migrationsDir: null,
    unsupported: null,
  };
}
