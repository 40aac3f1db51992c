/**
 * `auth generate [dir]`: writes what the app's database setup lacks of the auth tables: the next numbered
 * SQL migration, the Drizzle tables in the app's schema module (and that migration where the auth tables
 * are new), or the Prisma models in its schema. What is its own: find the app and its database setup (database/setup.ts), check --out,
 * plan (plan/generate.ts), and refuse a schema the merge cannot edit safely, printing what to add by hand
 * (exit 1, nothing written). Review, --dry-run's diff, apply and next steps are the shared contract
 * (run-plan.ts); a second run finds nothing to do.
 */
import { dialectName } from "../database/drivers.js";
import { type DatabaseSetup, findDatabaseSetup } from "../database/setup.js";
import { describeProject } from "../detect/describe.js";
import { detectProject } from "../detect/project.js";
import { CliError } from "../errors.js";
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { type GeneratePlan, planGenerate, type Unsupported } from "../plan/generate.js";
import { projectPath } from "../plan/project-path.js";
import { drizzleBuilders, drizzleCoreModule, drizzleTableName, drizzleTableSource } from "../schema/drizzle.js";
import { tables } from "../schema/model.js";
import { prismaModelName, prismaModelSource, prismaProviderFor } from "../schema/prisma.js";
import type { ProjectInfo } from "../targets/types.js";
import { projectRoot } from "./lifecycle.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

export interface GenerateFlags extends PlanCommandFlags {
  db?: string;
  orm?: string;
  out?: string;
}

/** --out as a `/`-separated path inside the project (relative to it, or absolute within it); else exit 2. */
export function outPath(root: string, value: string): string {
  return projectPath(root, value, { flag: "--out", what: "the schema or migrations folder it names" });
}

/** --out names a folder for SQL, a module for Drizzle, a .prisma file or a folder for Prisma. */
function checkOut(out: string, setup: DatabaseSetup, value: string): void {
  if (setup.orm === "drizzle" && !/\.(?:[cm]?[jt]s)$/.test(out)) {
    throw new CliError(
      "InvalidOption",
      `--out for Drizzle names the schema module the auth tables go in (e.g. src/db/auth-schema.ts), got "${value}".`,
    );
  }
  if (setup.orm === "none" && /\.sql$/i.test(out)) {
    throw new CliError(
      "InvalidOption",
      `--out for SQL names the migrations folder (e.g. auth-migrations), not a file: got "${value}".`,
    );
  }
}

/** Where a new Drizzle schema module goes: beside the app's code, in its language. */
function defaultDrizzleFile(info: ProjectInfo): string {
  return `${info.srcDir ? "src/" : ""}db/auth-schema.${info.language}`;
}

/** The tables a refusal names (by SQL, Drizzle or Prisma name); all of them when it names none. */
function namedTables(reason: string): typeof tables {
  const names = (table: (typeof tables)[number]) => [table.name, drizzleTableName(table), prismaModelName(table)];
  const named = tables.filter((table) => names(table).some((name) => new RegExp(`\\b${name}\\b`).test(reason)));
  return named.length > 0 ? named : tables;
}

/** What our table model needs, in the schema's own language, for the user to add by hand. */
function manualSchema(setup: DatabaseSetup, unsupported: Unsupported): string {
  const named = namedTables(unsupported.reason);
  if (setup.orm === "prisma") {
    const provider = prismaProviderFor(setup.dialect);
    return named.map((table) => prismaModelSource(table, provider)).join("\n\n");
  }
  const builders = drizzleBuilders(setup.dialect, named).join(", ");
  return [
    `import { ${builders} } from "${drizzleCoreModule(setup.dialect)}";`,
    ...named.map((table) => drizzleTableSource(table, setup.dialect)),
  ].join("\n\n");
}

function refuse(setup: DatabaseSetup, unsupported: Unsupported, out: Output, host: Host): never {
  const { file, reason } = unsupported;
  const why = reason.startsWith(file) ? reason : `${file}: ${reason}`;
  const lines = [
    `${why.replace(/[.:]$/, "")}.`,
    `Nothing was written. What the auth tables need (${setup.orm === "prisma" ? "the models" : "the tables"} below), to add by hand before running generate again:`,
    "",
    manualSchema(setup, unsupported),
  ];
  // --json keeps stdout for its one object: the lines to add go to stderr there.
  if (out.json) host.stderr(`${lines.join("\n")}\n`);
  else for (const line of lines) out.line(line);
  throw new CliError(
    "UnsupportedProject",
    `${why.replace(/[.:]$/, "")}; nothing was written (add the lines printed above by hand).`,
  );
}

function describeSetup(setup: DatabaseSetup, planned: GeneratePlan): string {
  const flavour =
    setup.orm === "none" ? "SQL migrations" : setup.orm === "drizzle" ? "Drizzle schema" : "Prisma schema";
  return `Database: ${dialectName(setup.dialect)}, ${flavour} in ${planned.schema.path} (from ${setup.evidence.join("; ")}).`;
}

export async function runGenerate(
  dir: string | undefined,
  flags: GenerateFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const root = projectRoot(dir, host, out);
  const reader = host.reader(root);
  const { info } = detectProject(reader, { userAgent: host.env["npm_config_user_agent"] });
  const outFlag = flags.out === undefined ? undefined : outPath(root, flags.out);
  const setup = findDatabaseSetup(reader, info, flags);
  if (outFlag !== undefined) checkOut(outFlag, setup, flags.out!);
  const input = {
    reader,
    root,
    setup,
    defaultDrizzleFile: defaultDrizzleFile(info),
    packageJson: info.packageJson,
    ...(outFlag ? { out: outFlag } : {}),
  };
  const first = planGenerate(input);
  if (first.unsupported) refuse(setup, first.unsupported, out, host);

  await runPlan({
    command: "generate",
    root,
    plan: (overwrite) => (overwrite.size === 0 ? first.plan : planGenerate(input, overwrite).plan),
    flags,
    out,
    host,
    header: [describeProject(info), describeSetup(setup, first)],
    json: {
      project: { root: info.root, framework: { id: info.framework.id, name: info.framework.name } },
      database: { dialect: setup.dialect, orm: setup.orm, evidence: setup.evidence },
      schema: first.schema,
      migrationsDir: first.migrationsDir,
      added: first.added,
    },
    nothingToDo: `Nothing to do: ${first.schema.path} already has every auth table and column.`,
  });
}
