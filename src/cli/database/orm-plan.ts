/**
 * The database part of `init --orm drizzle|prisma`: the auth tables go into the app's own schema (Drizzle
 * tables in its schema module, Prisma models in its schema), and the auth module hands the ORM adapter the
 * app's EXISTING db/client instance when it has one, else a client module init writes (where the SQL path's
 * client module goes). Each ORM's part is in database/drizzle/plan.ts / database/prisma/plan.ts; this adds
 * what both say.
 */

import type { PlanContext } from "../plan/context.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { DATABASE_DRIVERS } from "./drivers.js";
import { planDrizzle } from "./drizzle/plan.js";
import { findDrizzleProject } from "./drizzle/project.js";
import type { ProjectOrm } from "./flavours.js";
import { importStyleOf } from "./orm-imports.js";
import type { OrmFileOptions, OrmPlan } from "./orm-shared.js";
import { planPrisma } from "./prisma/plan.js";
import { findPrismaProject } from "./prisma/project.js";
import { dialectOfPrisma } from "./setup.js";
import type { DatabaseWiring } from "./sql/plan.js";

/** The ORMs the project already uses, with the dialect their setup names: what init offers and infers from. */
export function projectOrms(reader: ProjectReader, info: Pick<ProjectInfo, "srcDir" | "language">): ProjectOrm[] {
  const found: ProjectOrm[] = [];
  const drizzle = findDrizzleProject(reader, info);
  if (drizzle) found.push({ orm: "drizzle", dialect: drizzle.dialect });
  const prisma = findPrismaProject(reader, info);
  if (prisma) found.push({ orm: "prisma", dialect: prisma.provider ? dialectOfPrisma(prisma.provider) : null });
  return found;
}

/** The adapter's arguments on one line for a note: the options' comments out, their lines joined. */
function oneLine(expression: string): string {
  return expression
    .replace(/^\s*\/\/.*$\n?/gm, "")
    .replace(/\s*\n\s*/g, " ")
    .replace(/, \}/g, " }");
}

export function planOrm(context: PlanContext, options: OrmFileOptions): OrmPlan {
  const { answers, info, reader } = context;
  if (answers.orm === "none" || answers.db === "none") throw new Error("planOrm needs an ORM and a database");
  const driver = DATABASE_DRIVERS[answers.db];
  const style = importStyleOf(options.clientImport, info.aliases, Boolean(options.nodeResolves));
  const ctx = { context, options, dialect: answers.db, driver, style };
  const part = answers.orm === "drizzle" ? planDrizzle(ctx) : planPrisma(ctx);
  const wiring: DatabaseWiring = {
    ...part.wiring,
    adapter: answers.orm,
    strategy: answers.strategy,
    sessions: answers.strategy === "database",
  };
  const steps = [...part.steps];
  const existingAuth = reader.read(options.authFile);
  const adapterModule = `@create-auth/runtime/adapters/${answers.orm}`;
  if (existingAuth !== null && !existingAuth.includes(adapterModule) && !context.overwrite.has(options.authFile)) {
    const imports = [
      `${answers.orm} from "${adapterModule}"`,
      `{ ${wiring.client} } from "${wiring.clientImport}"`,
      ...(wiring.imports ?? []).map((line) => line.replace(/^import /, "").replace(/;$/, "")),
    ];
    steps.push({
      kind: "note",
      text: `${options.authFile} exists, so init leaves it as it is: add \`adapter: ${answers.orm}(${oneLine(wiring.clientExpression)})\` (import ${imports.join(", ")}) and \`session: { strategy: "${answers.strategy}" }\` to its config.`,
    });
  }
  return { steps, nextSteps: part.nextSteps, wiring, dependencies: part.dependencies };
}
