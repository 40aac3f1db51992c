/**
 * Who creates the auth tables of a Prisma app, for database/state.ts (generate's next step, migrate, doctor):
 * Prisma keeps its own migrations, so its migrate or db push does, where the auth module uses the Prisma
 * adapter, or where the app has a Prisma schema and create-auth no SQL migrations.
 */
import type { OrmSchemaState, OrmTool, SchemaStateContext } from "../orm.js";
import { prismaCommand } from "./command.js";
import { dialectOfPrisma, findPrismaProject, prismaProjectOf } from "./project.js";

export const PRISMA_TOOL: OrmTool = { id: "prisma", name: "Prisma", resultKey: "prisma" };

export function prismaSchemaState(context: SchemaStateContext): OrmSchemaState | null {
  const { reader, setup, configured, evidence } = context;
  const wired = configured?.adapter === "prisma";
  const project = setup ? prismaProjectOf(setup) : findPrismaProject(reader, context.layout);
  if (project !== null && (wired || (!context.hasMigrations && project.files.length > 0))) {
    const why = configured ? evidence : `${project.schemaPath} holds the schema`;
    const dialect = project.provider ? dialectOfPrisma(project.provider) : null;
    const owner = { tool: PRISMA_TOOL, evidence: why, command: prismaCommand(reader, project) };
    return { owner, setting: { dialect }, ownColumns: null };
  }
  if (!wired) return null;
  const owner = { tool: PRISMA_TOOL, evidence, command: prismaCommand(reader, null) };
  return { owner, setting: { dialect: setup?.dialect }, ownColumns: null };
}
