/**
 * The Prisma part of `init --orm prisma`: the auth models merged into the app's Prisma schema
 * (mergePrismaSchema: edits of its file(s), a new auth.prisma in a schema folder, a whole schema.prisma when
 * it has none, with a prisma.config that gives `prisma migrate` the database), the app's own PrismaClient
 * handed to `prisma(client)`, or a new client module (prisma-client.hbs: the generated PrismaClient on the
 * dialect's driver adapter) when it has none.
 */
import path from "node:path";
import { CliError } from "../../errors.js";
import type { FileStep } from "../../plan/planner.js";
import { authTablesOf } from "../auth-tables.js";
import { type DatabaseDriver, databaseUrlExample, dialectName } from "../drivers.js";
import type { SqlDialect } from "../flavours.js";
import { importSpecifier } from "../orm-imports.js";
import {
  assertDialect,
  clientTemplateData,
  fromAuth,
  importedInstance,
  newClientEnv,
  newClientWiring,
  ORM_RANGES,
  type OrmContext,
  type OrmPart,
} from "../orm-shared.js";
import { adapterOptionsSource } from "../users-table.js";
import { blockSetting, prismaBlocks } from "./blocks.js";
import { prismaCommand } from "./command.js";
import { mergePrismaSchema, type PrismaFile } from "./merge.js";
import { dialectOfPrisma, findPrismaProject, newSchemaFile } from "./project.js";
import { prismaProviderFor } from "./render.js";

const DRIVER_ADAPTERS: Record<SqlDialect, keyof typeof ORM_RANGES> = {
  sqlite: "@prisma/adapter-better-sqlite3",
  postgres: "@prisma/adapter-pg",
  mysql: "@prisma/adapter-mariadb",
};

/**
 * Where the schema's generator writes PrismaClient: `<output>/client.ts` for Prisma 7's `prisma-client`
 * (output is relative to the file declaring it; imported as `client.ts` where the generator writes `.ts`
 * imports for Node to run), `@prisma/client` for the older `prisma-client-js`.
 */
function generatedClient(files: readonly PrismaFile[]): { file: string; tsImports?: boolean } | { module: string } {
  for (const file of files) {
    for (const block of prismaBlocks(file.text)) {
      if (block.kind !== "generator") continue;
      const provider = blockSetting(file.text, block, "provider");
      const output = blockSetting(file.text, block, "output");
      if (provider === "prisma-client" && output) {
        const client = path.posix.join(path.posix.dirname(file.path), output, "client.ts");
        return { file: client, tsImports: blockSetting(file.text, block, "importFileExtension") === "ts" };
      }
      if (provider === "prisma-client-js") {
        return output
          ? { file: path.posix.join(path.posix.dirname(file.path), output, "index.js") }
          : { module: "@prisma/client" };
      }
    }
  }
  return { module: "@prisma/client" };
}

/** The `prisma-client` generator told to import the generated modules as `.ts` files. */
function withTsImports(schema: string): string {
  return schema.replace(
    /(generator client \{\n[^}]*?output\s*=\s*"[^"]*"\n)/,
    '$1  // Node runs the generated TypeScript as it is (type stripping, Node >= 22.18): imports name the .ts files.\n  importFileExtension = "ts"\n',
  );
}

/** prisma.config for a schema init writes: Prisma 7 reads the database URL there, not from the schema. */
function prismaConfig(schemaPath: string, driver: DatabaseDriver, envFile: string): string {
  const sqlite = driver.adapter === "sqlite";
  // SQLite: the file the app opens, relative to the folder it starts in (the project), made absolute so the
  // CLI does not resolve it against the schema's folder instead.
  const url = sqlite
    ? `\`file:\${path.resolve(process.env.${driver.envKey} || "auth.db")}\``
    : `process.env.${driver.envKey} ?? ""`;
  return [
    "// Prisma's CLI settings, created by create-auth: the schema, its migrations, and the database that",
    `// \`prisma migrate\` works on (${driver.envKey}, from ${envFile}: Prisma 7 no longer reads env files itself).`,
    ...(sqlite ? ['import path from "node:path";'] : []),
    'import { defineConfig } from "prisma/config";',
    "",
    "try {",
    `  process.loadEnvFile(${JSON.stringify(envFile)});`,
    "} catch {",
    "  // No env file: the setting comes from the environment.",
    "}",
    "",
    "export default defineConfig({",
    `  schema: ${JSON.stringify(schemaPath)},`,
    `  migrations: { path: ${JSON.stringify(`${path.posix.dirname(schemaPath)}/migrations`)} },`,
    `  datasource: { url: ${url} },`,
    "});",
    "",
  ].join("\n");
}

export function planPrisma(ctx: OrmContext): OrmPart {
  const { context, options, dialect, driver } = ctx;
  const { reader, info, render } = context;
  const project = findPrismaProject(reader, info);
  const provider = prismaProviderFor(dialect);
  assertDialect(
    dialect,
    project?.provider ? dialectOfPrisma(project.provider) : null,
    `the datasource of ${project?.schemaPath}`,
  );
  const files = project?.files ?? [];
  const layout = project?.layout ?? "file";
  const of = authTablesOf(context.answers.providers);
  const result = mergePrismaSchema(files, provider, layout, newSchemaFile(project), of);
  if ("unsupported" in result) throw new CliError("UnsupportedProject", result.unsupported);
  // Node itself runs a JavaScript app's modules (options.nodeResolves: Express): the schema init writes has the
  // client's imports name its .ts files, which Node runs by stripping their types (Node >= 22.18).
  const nodeRunsTs = Boolean(options.nodeResolves) && info.language === "js" && files.length === 0;
  const merged = nodeRunsTs
    ? { ...result, changes: result.changes.map((change) => ({ ...change, text: withTsImports(change.text) })) }
    : result;
  const steps: FileStep[] = [];
  const models = merged.added.filter((added) => added.startsWith("model ")).map((added) => added.slice(6));
  const fields = merged.added.filter((added) => !added.startsWith("model "));
  for (const change of merged.changes) {
    if (!files.some((file) => file.path === change.path)) {
      steps.push({
        kind: "owned",
        path: change.path,
        content: change.text,
        done: (source) => /\bmodel\s+VerificationToken\b/.test(source),
        reason: `${files.length === 0 ? "Prisma schema: " : ""}the auth models (${models.join(", ")})`,
      });
      continue;
    }
    steps.push({
      kind: "edit",
      path: change.path,
      reason: `auth ${fields.length > 0 ? "fields and " : ""}models added to your Prisma schema`,
      transform: (text) => {
        const again = mergePrismaSchema(
          files.map((file) => (file.path === change.path ? { path: file.path, text } : file)),
          provider,
          layout,
          undefined,
          of,
        );
        if ("unsupported" in again) return again;
        return again.changes.find((file) => file.path === change.path)?.text ?? "unchanged";
      },
      unsupported: (why) => `${change.path} was left as it is: ${why}`,
    });
  }
  const newSchema = files.length === 0 ? (merged.changes[0]?.path ?? null) : null;
  const schemaPath = newSchema ?? project?.schemaPath ?? "prisma/schema.prisma";
  if (newSchema && !project?.configFile) {
    steps.push({
      kind: "owned",
      path: `prisma.config.${info.language === "ts" ? "ts" : "mjs"}`,
      content: prismaConfig(newSchema, driver, info.envFile),
      done: (source) => source.includes("defineConfig"),
      reason: "Prisma CLI settings (schema, migrations, database URL)",
    });
  }

  const client = project?.client ?? null;
  // The prisma adapter is told the User id's kind and what to fill on sign-up (null: text ids, nothing).
  const adapterOptions = adapterOptionsSource(merged.users, true);
  const withOptions = (expression: string) => (adapterOptions ? `${expression}, ${adapterOptions}` : expression);
  let wiring: OrmPart["wiring"];
  let dependencies: OrmPart["dependencies"];
  let tsClient = false;
  if (client) {
    const imported = importedInstance(client.exportName, "prismaClient", "prisma");
    wiring = {
      client: imported.name,
      clientExpression: withOptions(imported.local),
      clientImport: fromAuth(ctx, client.file),
      clientFile: client.file,
    };
    dependencies = { packages: {}, devPackages: {}, typePackages: {}, env: [], sqliteFile: false };
  } else {
    const generated = generatedClient(
      files.length === 0
        ? merged.changes
        : files.map((file) => merged.changes.find((c) => c.path === file.path) ?? file),
    );
    tsClient = "file" in generated && generated.tsImports === true;
    const adapterPackage = DRIVER_ADAPTERS[dialect];
    // `db`, as the other client modules: `prisma` is the adapter's name in the auth module.
    const wired = newClientWiring(ctx, "db");
    steps.push({
      kind: "owned",
      path: options.clientFile,
      content: render("database/prisma-client", {
        ...clientTemplateData(ctx),
        client: wired.client,
        schemaPath,
        generatedDir: "file" in generated ? path.posix.dirname(generated.file) : generated.module,
        generatedImport:
          "file" in generated
            ? generated.tsImports
              ? importSpecifier(options.clientFile, generated.file, {
                  extensions: false,
                  sveltekit: false,
                  aliases: [],
                }) + ".ts"
              : importSpecifier(options.clientFile, generated.file, { ...ctx.style, sveltekit: false, aliases: [] })
            : generated.module,
      }),
      done: (source) => source.includes(`"${adapterPackage}"`),
      reason: `Prisma client for the auth adapter (${driver.envKey})`,
    });
    wiring = { ...wired, clientExpression: withOptions(wired.clientExpression) };
    dependencies = {
      packages: {
        "@prisma/client": ORM_RANGES["@prisma/client"],
        [adapterPackage]: ORM_RANGES[adapterPackage],
      },
      devPackages: { prisma: ORM_RANGES.prisma },
      typePackages: {},
      ...newClientEnv(driver),
    };
  }

  const label = dialectName(dialect);
  const setting = client
    ? ""
    : dialect === "sqlite"
      ? `${driver.envKey} in ${info.envFile} names the file (default auth.db); `
      : `set ${driver.envKey} in ${info.envFile} (${databaseUrlExample(dialect)}), then `;
  // The command migrate, doctor and db prune name in the same state (database/state.ts): one answer.
  const create = prismaCommand(reader, project ?? { layout: "file", schemaPath });
  const nextSteps = [
    `Prisma (${label}): ${setting}run npx prisma generate (PrismaClient with the auth models), then ${create} to create their tables. The prisma CLI is the app's devDependency once installed.`,
    ...(tsClient && info.language === "js"
      ? [
          `PrismaClient is generated as TypeScript, which Node runs as it is from Node 22.18 (type stripping); on an older Node, start the app with a TypeScript runner (npx tsx ${info.framework.appFile ?? "app.js"}).`,
        ]
      : []),
  ];
  return { steps, nextSteps, wiring, dependencies };
}
