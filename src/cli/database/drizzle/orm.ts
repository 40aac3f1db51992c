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
import { drizzleSchemaState, drizzleSettingWithoutSetup } from "./schema-state.js";
import { drizzleIdFacts } from "./users.js";
import { authTablesModule } from "./wired-tables.js";

export const drizzle: Orm = {
  find(reader, info, wired) {
    let project = findDrizzleProject(reader, info);
    if (!project) return null;
    // The module the auth module imports its tables from is where they are, wherever the app keeps it.
    const tables = wired ? authTablesModule(reader, wired.aliases, wired.authFile) : null;
    if (tables) project = { ...project, authSchemaFile: tables.file, dialect: project.dialect ?? tables.dialect };
    return {
      project: { orm: "drizzle", ...project },
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
  users: {
    // The adapter writes ids as the users table it is handed declares them.
    declaredIds: {
      idKind(reader, users, dialect) {
        if (!users.declaredIn) return null;
        const source = reader.read(users.declaredIn) ?? "";
        const table = drizzleModuleTables(source, users.declaredIn).tables.find(
          (found) => found.sqlName === users.name,
        );
        const idColumn = users.fields["id"] ?? "id";
        const id = table?.columns?.entries.find((entry) => (entry.sqlName ?? entry.key) === idColumn);
        const facts = id ? drizzleIdFacts(id, dialect, users.name) : null;
        return facts && !("unsupported" in facts) ? facts.idKind : null;
      },
      told: (passed) => `the Drizzle table the adapter is given declares ${passed} ids`,
      fix: "make the Drizzle users table's id match the database (npx drizzle-kit pull shows what it holds)",
    },
    uniqueEmailFix: 'add .unique("users_email_key") to the users table\'s email column, then npx drizzle-kit push',
    markVerified: (condition) =>
      `db.update(users).set({ emailVerified: new Date() }).where(and(isNotNull(users.email), isNull(users.emailVerified), ${condition}))`,
  },
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
  schemaState: drizzleSchemaState,
  settingWithoutSetup: drizzleSettingWithoutSetup,
};
