/**
 * Drizzle's answers to what the CLI asks of an ORM (database/orm.ts): found by drizzle.config or drizzle-orm
 * in package.json, its tables per dialect in the runtime, doctor reading the tables the auth module passes.
 */
import { dialectName } from "../drivers.js";
import type { Orm } from "../orm.js";
import { drizzleTables } from "./doctor-tables.js";
import { generateDrizzle } from "./generate.js";
import { mergeDrizzleSchema } from "./merge.js";
import { drizzleModuleTables } from "./module.js";
import { planDrizzle } from "./plan.js";
import { findDrizzleProject } from "./project.js";
import { drizzleBuilders, drizzleCoreModule, drizzleTableName, drizzleTableSource } from "./render.js";

export const drizzle: Orm = {
  find(reader, info) {
    const project = findDrizzleProject(reader, info);
    if (!project) return null;
    return {
      declared: project.dialect
        ? {
            dialect: project.dialect,
            words: `${project.configFile ?? project.authSchemaFile} is set up for ${dialectName(project.dialect)}`,
          }
        : null,
      evidence: `Drizzle (${project.configFile ?? "drizzle-orm in package.json"})`,
    };
  },
  plan: planDrizzle,
  expectedTables: drizzleTables,
  schemaVerdict(reader, info, dialect) {
    const project = findDrizzleProject(reader, info);
    if (!project) return null;
    const source = reader.read(project.authSchemaFile);
    const result = mergeDrizzleSchema(source, project.authSchemaFile, dialect);
    if ("unsupported" in result) return { refusal: result.unsupported, uniqueEmail: null };
    const table = drizzleModuleTables(source ?? "", project.authSchemaFile).tables.find((t) => t.sqlName === "users");
    const email = table?.columns?.entries.find(
      (entry) => (entry.sqlName ?? entry.key) === "email" || entry.key === "email",
    );
    const adds = result.added.includes("users.email unique");
    return { refusal: null, uniqueEmail: adds ? { table: "users", column: email?.sqlName ?? "email" } : null };
  },
  generate: generateDrizzle,
  outError: (out, value) =>
    /\.(?:[cm]?[jt]s)$/.test(out)
      ? null
      : `--out for Drizzle names the schema module the auth tables go in (e.g. src/db/auth-schema.ts), got "${value}".`,
  tableName: drizzleTableName,
  manualSchema: (tables, dialect) =>
    [
      `import { ${drizzleBuilders(dialect, tables).join(", ")} } from "${drizzleCoreModule(dialect)}";`,
      ...tables.map((table) => drizzleTableSource(table, dialect)),
    ].join("\n\n"),
};
