/**
 * The database part of `init --orm drizzle|prisma`: the auth tables go into the app's own schema (Drizzle
 * tables in its schema module, Prisma models in its schema), and the auth module hands the ORM adapter the
 * app's EXISTING db/client instance when it has one, else a client module init writes (where the SQL path's
 * client module goes). Each ORM's part is its own (database/orms.ts → database/<orm>/plan.ts); this adds
 * what every ORM says.
 */

import type { PlanContext } from "../plan/context.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { DATABASE_DRIVERS } from "./drivers.js";
import { type ProjectOrm, SCHEMA_ORMS } from "./flavours.js";
import { importStyleOf } from "./orm-imports.js";
import type { OrmFileOptions, OrmPlan } from "./orm-shared.js";
import { ORMS } from "./orms.js";

import type { DatabaseWiring } from "./sql/plan.js";

/** The ORMs the project already uses, with the dialect their setup names: what init offers and infers from. */
export function projectOrms(reader: ProjectReader, info: Pick<ProjectInfo, "srcDir" | "language">): ProjectOrm[] {
  return SCHEMA_ORMS.flatMap((orm) => {
    const found = ORMS[orm].find(reader, info);
    return found ? [{ orm, dialect: found.declared?.dialect ?? null }] : [];
  });
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
  const part = ORMS[answers.orm].plan(ctx);
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
