/**
 * Which database and which schema flavour an app is set up with, for `auth generate`: what it writes
 * (SQL migrations, Drizzle tables, Prisma models) and in which dialect. Read from, strongest first: the
 * flags; the adapter the auth module imports (`@create-auth/runtime/adapters/<name>`, what init wired);
 * for Drizzle and Prisma, the dialect their own config declares; the database driver in package.json.
 * A flag that contradicts what the project declares is refused naming both, so a PostgreSQL app never
 * gets MySQL tables by a typo. Reads only.
 */

import { moduleShape } from "../edit/ast.js";
import { CliError } from "../errors.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import {
  DATABASE_ADAPTERS,
  type DatabaseAdapterName,
  isSchemaOrm,
  ORM_FLAVOURS,
  ORM_IDS,
  SCHEMA_ORMS,
  SQL_DIALECTS,
  type SqlDialect,
} from "./flavours.js";
import type { FoundOrm } from "./orm.js";
import { ORMS } from "./orms.js";
import type { DatabaseSetup, DatabaseSetupFlags, SchemaOrm } from "./setup-types.js";

const ADAPTER_PREFIX = "@create-auth/runtime/adapters/";
type AdapterName = DatabaseAdapterName;

/** The drivers that name a dialect, in the order they are listed when several are found. */
const DRIVERS: readonly { name: string; dialect: SqlDialect }[] = [
  { name: "better-sqlite3", dialect: "sqlite" },
  { name: "pg", dialect: "postgres" },
  // postgres.js, the driver Drizzle's PostgreSQL guides start with.
  { name: "postgres", dialect: "postgres" },
  { name: "mysql2", dialect: "mysql" },
];

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError("InvalidOption", `Unknown ${flag} value "${value}" (one of: ${allowed.join(", ")}).`);
}

/** The adapter the app's auth module imports, read from the files its framework's target writes (those that exist). */
export function configuredAdapter(
  reader: ProjectReader,
  info: ProjectInfo,
): { file: string; adapter: AdapterName } | null {
  for (const file of info.existingAuthFiles) {
    const source = reader.read(file);
    if (source === null || !source.includes(ADAPTER_PREFIX)) continue;
    for (const specifier of moduleShape(source, file).references) {
      const name = specifier.startsWith(ADAPTER_PREFIX) ? specifier.slice(ADAPTER_PREFIX.length) : null;
      if (name && (DATABASE_ADAPTERS as readonly string[]).includes(name))
        return { file, adapter: name as AdapterName };
    }
  }
  return null;
}

/** The database drivers package.json depends on (the app's own, or its workspace's). */
function driversIn(info: ProjectInfo): { name: string; dialect: SqlDialect }[] {
  const pkg = info.packageJson;
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  return DRIVERS.filter((driver) => driver.name in deps);
}

function contradiction(flag: string, found: string): never {
  throw new CliError(
    "InvalidOption",
    `${flag} contradicts this app's setup: ${found}. Drop ${flag}, or change the setup first.`,
  );
}

export function findDatabaseSetup(reader: ProjectReader, info: ProjectInfo, flags: DatabaseSetupFlags): DatabaseSetup {
  const flagDb = oneOf("--db", flags.db, SQL_DIALECTS);
  const flagOrm = oneOf("--orm", flags.orm, ORM_IDS);
  const evidence: string[] = [];
  const configured = configuredAdapter(reader, info);
  const adapterWords = configured ? `${configured.file} imports ${ADAPTER_PREFIX}${configured.adapter}` : "";

  // The flavour: the flag, else the adapter init wired, else the ORM the app depends on.
  let orm: SchemaOrm;
  const adapterOrm: SchemaOrm | null = configured
    ? isSchemaOrm(configured.adapter)
      ? configured.adapter
      : "none"
    : null;
  if (flagOrm && adapterOrm && flagOrm !== adapterOrm) contradiction(`--orm ${flagOrm}`, adapterWords);
  let found: FoundOrm | null = null;
  if (flagOrm) {
    orm = flagOrm;
    evidence.push(`--orm ${flagOrm}`);
  } else if (adapterOrm) {
    orm = adapterOrm;
    evidence.push(adapterWords);
  } else {
    const detected = SCHEMA_ORMS.flatMap((id) => {
      const used = ORMS[id].find(reader, info);
      return used ? [{ id, ...used }] : [];
    });
    if (detected.length > 1) {
      const names = detected.map((used) => ORM_FLAVOURS[used.id].name);
      throw new CliError(
        "MissingAnswer",
        `This app depends on ${detected.length === 2 ? "both " : ""}${names.join(" and ")}: say which holds the auth tables with --orm ${SCHEMA_ORMS.join("|")}.`,
      );
    }
    orm = detected[0]?.id ?? "none";
    if (detected[0]) {
      evidence.push(detected[0].evidence);
      found = detected[0];
    }
  }
  // The ORM's own setup; where the auth module already hands its adapter the tables, they are where it says.
  if (isSchemaOrm(orm) && !found) {
    const wired = configured?.adapter === orm ? { authFile: configured.file, aliases: info.aliases } : undefined;
    found = ORMS[orm].find(reader, info, wired);
  }

  // The dialect: what the project declares binds the flag; a driver in package.json only fills a gap.
  let declared: { dialect: SqlDialect; words: string } | null = null;
  if (configured && adapterOrm === "none")
    declared = { dialect: configured.adapter as SqlDialect, words: adapterWords };
  else if (found?.declared) declared = found.declared;
  if (flagDb && declared && flagDb !== declared.dialect) contradiction(`--db ${flagDb}`, declared.words);

  let dialect: SqlDialect;
  if (flagDb) {
    dialect = flagDb;
    evidence.push(`--db ${flagDb}`);
  } else if (declared) {
    dialect = declared.dialect;
    if (!evidence.includes(declared.words)) evidence.push(declared.words);
  } else {
    const drivers = driversIn(info);
    const dialects = [...new Set(drivers.map((driver) => driver.dialect))];
    if (dialects.length > 1) {
      throw new CliError(
        "MissingAnswer",
        `package.json depends on ${drivers.map((driver) => driver.name).join(" and ")}: say which database holds the auth tables with --db ${dialects.join("|")}.`,
      );
    }
    if (dialects.length === 0) {
      throw new CliError(
        "MissingAnswer",
        `No database setup found in ${info.root} (no adapter in the auth module, no Drizzle or Prisma dialect, no ${DRIVERS.map((driver) => driver.name).join(", ")} in package.json): say which with --db sqlite|postgres|mysql.`,
      );
    }
    dialect = dialects[0]!;
    evidence.push(`${drivers.map((driver) => driver.name).join(" and ")} in package.json`);
  }
  return { dialect, orm, evidence, project: found?.project ?? null };
}
