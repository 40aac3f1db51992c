/**
 * Who creates the auth tables of a Drizzle app, for database/state.ts (generate's next step, migrate, doctor):
 * create-auth's SQL migrations where init or generate wrote them (the auth tables were all new), else the
 * app's own drizzle-kit; and the database setting drizzle-kit reads, from drizzle.config's dbCredentials.url.
 */
import type { DatabaseSetting } from "../connect.js";
import type { SqlDialect } from "../flavours.js";
import type { OrmSchemaState, OrmTool, SchemaStateContext } from "../orm.js";
import { type DrizzleConfig, readDrizzleConfig } from "./config.js";
import { drizzleKitCommand } from "./kit-command.js";
import { drizzleProjectOf } from "./project.js";

export const DRIZZLE_KIT: OrmTool = { id: "drizzle-kit", name: "drizzle-kit", resultKey: "drizzleKit" };

/** The URL setting drizzle-kit reads, from drizzle.config's dbCredentials.url. */
export function drizzleSetting(config: DrizzleConfig | null, dialect: SqlDialect | null): DatabaseSetting {
  const where = config ? `${config.file}'s dbCredentials.url` : undefined;
  if (!config?.url) return { dialect };
  if ("env" in config.url) return { key: config.url.env, fallback: config.url.fallback, where, dialect };
  return { fallback: config.url.value, where, dialect };
}

export function drizzleSchemaState(context: SchemaStateContext): OrmSchemaState | null {
  const { reader, setup, configured, evidence, migrations } = context;
  if (setup?.orm !== "drizzle") return null;
  const project = drizzleProjectOf(setup);
  const config = readDrizzleConfig(reader);
  const schema = { file: project?.authSchemaFile ?? configured?.file ?? "", dialect: setup.dialect };
  const command = drizzleKitCommand(reader, config, schema, context.info?.packageJson);
  const setting = drizzleSetting(config, setup.dialect);
  const uses = configured ? evidence : `${project?.configFile ?? "drizzle-orm in package.json"} sets up Drizzle`;
  // init and generate write create-auth's migrations where the auth tables are all new: migrate creates them.
  const owner = context.hasMigrations
    ? { tool: null, evidence: `${uses}, and ${migrations}/ holds the SQL migrations of its tables` }
    : { tool: DRIZZLE_KIT, evidence: `${uses}, and ${migrations}/ holds no SQL migration`, command };
  return { owner, setting, ownColumns: command };
}

/** Without a setup (a folder detect does not recognise), a drizzle.config still says where the database is. */
export function drizzleSettingWithoutSetup(reader: SchemaStateContext["reader"]): DatabaseSetting | null {
  const config = readDrizzleConfig(reader);
  return config ? drizzleSetting(config, config.dialect) : null;
}
