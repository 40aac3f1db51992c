/**
 * Prisma's answers to what the CLI asks of an ORM (database/orm.ts): found by its schema or package, one
 * adapter for every dialect in the runtime, doctor reading the schema's models.
 */
import type { Orm } from "../orm.js";
import { blockAttributeString, blockLines, prismaBlocks } from "./blocks.js";
import { prismaTables } from "./doctor-tables.js";
import { generatePrisma } from "./generate.js";
import { mergePrismaSchema } from "./merge.js";
import { planPrisma } from "./plan.js";
import { dialectOfPrisma, findPrismaProject, newSchemaFile } from "./project.js";
import { prismaModelName, prismaModelSource, prismaProviderFor } from "./render.js";
import { prismaSchemaState } from "./schema-state.js";

export const prisma: Orm = {
  find(reader, info) {
    const project = findPrismaProject(reader, info);
    if (!project) return null;
    return {
      project: { orm: "prisma", ...project },
      declared: project.provider
        ? {
            dialect: dialectOfPrisma(project.provider),
            words: `${project.schemaPath} declares provider "${project.provider}"`,
          }
        : null,
      evidence: `Prisma (${project.configFile ?? project.schemaPath})`,
    };
  },
  plan: planPrisma,
  expectedTables: (reader, info, _authFile, of) => prismaTables(reader, info, of),
  users: {
    uniqueEmailFix: "add @unique to the User model's email, then npx prisma db push (or prisma migrate dev)",
    markVerified: (condition) =>
      `prisma.user.updateMany({ where: { email: { not: null }, emailVerified: null, ${condition} }, data: { emailVerified: new Date() } })`,
  },
  schemaVerdict(reader, info, dialect) {
    const project = findPrismaProject(reader, info);
    if (!project) return null;
    const result = mergePrismaSchema(project.files, prismaProviderFor(dialect), project.layout, newSchemaFile(project));
    if ("unsupported" in result) return { refusal: result.unsupported, uniqueEmail: null };
    if (!result.added.includes("User.email @unique")) return { refusal: null, uniqueEmail: null };
    // The User model's table and email column, as its @@map and @map name them.
    for (const file of project.files)
      for (const block of prismaBlocks(file.text)) {
        if (block.kind !== "model" || block.name !== "User") continue;
        const email = blockLines(file.text, block).find((line) => line.field?.name === "email")?.field;
        const column = email ? (/@map\(\s*(?:name:\s*)?"([^"]+)"/.exec(email.attributes)?.[1] ?? "email") : "email";
        return {
          refusal: null,
          uniqueEmail: { table: blockAttributeString(file.text, block, "map") ?? "User", column },
        };
      }
    return { refusal: null, uniqueEmail: null };
  },
  generate: (input) => generatePrisma(input),
  // A .prisma file or a folder of them: any path names one.
  outError: () => null,
  tableName: prismaModelName,
  manualSchema: (tables, dialect) => {
    const provider = prismaProviderFor(dialect);
    return tables.map((table) => prismaModelSource(table, provider)).join("\n\n");
  },
  schemaState: prismaSchemaState,
  // Without a setup, Prisma's schema answers through schemaState (the schema's provider).
  settingWithoutSetup: () => null,
};
