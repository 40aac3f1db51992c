/**
 * The drizzle-kit command that creates what a Drizzle schema describes in the app's database: the one
 * generate's next step, migrate and doctor all name (database/state.ts).
 */
import path from "node:path/posix";
import type { ProjectReader } from "../../project/reader.js";
import type { PackageJson } from "../../project/types.js";
import type { SqlDialect } from "../flavours.js";
import type { DrizzleConfig } from "./config.js";

function dependsOn(pkg: PackageJson | undefined, name: string): boolean {
  return Boolean(pkg && name in { ...pkg.dependencies, ...pkg.devDependencies });
}

/**
 * How a Drizzle app creates its tables: `drizzle-kit generate` then `migrate` where it keeps drizzle-kit
 * migrations (a journal in the config's `out` folder), else `drizzle-kit push`; a generate there would
 * write every table of the schema into a first migration, the app's own tables already in the database
 * among them, and its migrate would then fail on them. Without a drizzle.config, drizzle-kit is told the
 * dialect and the schema on its command line; without drizzle-kit in package.json, it is installed first.
 */
export function drizzleKitCommand(
  reader: ProjectReader,
  config: DrizzleConfig | null,
  schema: { file: string; dialect: SqlDialect | null },
  pkg: PackageJson | undefined,
): string {
  const install = dependsOn(pkg, "drizzle-kit") ? "" : "install drizzle-kit (npm install -D drizzle-kit), then ";
  if (!config) {
    const dialect = schema.dialect === "postgres" ? "postgresql" : (schema.dialect ?? "<postgresql|mysql|sqlite>");
    return `${install}npx drizzle-kit push --dialect=${dialect} --schema=${schema.file} --url=<the database URL>`;
  }
  return reader.exists(path.join(config.out, "meta/_journal.json"))
    ? `${install}npx drizzle-kit generate, then npx drizzle-kit migrate`
    : `${install}npx drizzle-kit push`;
}
