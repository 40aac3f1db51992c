// findPrismaProject: the app's own Prisma setup read from its files. The two orm-prisma fixtures as they are
// on disk, then one change at a time in memory: where the schema is named (prisma.config in its shapes,
// package.json, the default file and folder), which provider, and which module exports the client.
import { describe, expect, test } from "vitest";
import { prismaClientExport } from "../../../../src/cli/database/prisma/client-module.js";
import { findPrismaProject } from "../../../../src/cli/database/prisma/project.js";
import { diskReader, memoryReader } from "../../../../src/cli/project/reader.js";
import { memoryFixture } from "../../support.js";

const ts = { srcDir: true, language: "ts" } as const;

const project = (files: Record<string, string>, info: { srcDir: boolean; language: "ts" | "js" } = ts) =>
  findPrismaProject(memoryReader("/app", new Map(Object.entries(files))), info);

const dependsOnPrisma = JSON.stringify({ dependencies: { "@prisma/client": "^7.10.0" } });
const datasource = (provider: string) => `datasource db {\n  provider = "${provider}"\n}\n`;

describe("findPrismaProject on the fixtures", () => {
  test("an Express app with one schema file named by prisma.config.ts and its client in src/db.ts", () => {
    const found = findPrismaProject(
      diskReader(new URL("../../../fixtures/orm-prisma-express", import.meta.url).pathname),
      ts,
    );
    expect(found && { ...found, files: found.files.map((file) => file.path) }).toEqual({
      configFile: "prisma.config.ts",
      layout: "file",
      schemaPath: "prisma/schema.prisma",
      files: ["prisma/schema.prisma"],
      provider: "sqlite",
      client: { file: "src/db.ts", exportName: "prisma" },
    });
  });

  test("a SvelteKit app with a schema folder, sub-folders included, and a globalThis-cached client", () => {
    const found = findPrismaProject(memoryFixture("orm-prisma-sveltekit").reader(), ts);
    expect(found && { ...found, files: found.files.map((file) => file.path) }).toEqual({
      configFile: "prisma.config.ts",
      layout: "folder",
      schemaPath: "prisma/schema",
      files: ["prisma/schema/schema.prisma", "prisma/schema/user.prisma", "prisma/schema/models/note.prisma"],
      provider: "postgresql",
      client: { file: "src/lib/server/prisma.ts", exportName: "db" },
    });
  });

  test("a Next app without src/ whose client is the default export of lib/db.ts, made by a factory", () => {
    const found = findPrismaProject(memoryFixture("orm-prisma-next").reader(), { srcDir: false, language: "ts" });
    expect(found).toMatchObject({
      configFile: "prisma.config.ts",
      layout: "file",
      schemaPath: "prisma/schema.prisma",
      provider: "mysql",
      client: { file: "lib/db.ts", exportName: "default" },
    });
  });

  test("an app without Prisma has no Prisma project", () => {
    expect(findPrismaProject(memoryFixture("express-5-ts").reader(), ts)).toBeNull();
  });
});

describe("findPrismaProject finds the schema", () => {
  const cases: Array<{ name: string; files: Record<string, string>; schemaPath: string; layout: "file" | "folder" }> = [
    {
      name: "named by prisma.config.ts through defineConfig and satisfies",
      files: {
        "prisma.config.ts":
          'import type { PrismaConfig } from "prisma";\nconst config = { schema: "db/app.prisma" } satisfies PrismaConfig;\nexport default config;\n',
        "db/app.prisma": datasource("mysql"),
        "prisma/schema.prisma": datasource("sqlite"),
      },
      schemaPath: "db/app.prisma",
      layout: "file",
    },
    {
      name: "named by a CommonJS prisma.config.js, as a folder",
      files: {
        "prisma.config.js":
          'const { defineConfig } = require("prisma/config");\nmodule.exports = defineConfig({ schema: `./db/schema` });\n',
        "db/schema/main.prisma": datasource("mysql"),
      },
      schemaPath: "db/schema",
      layout: "folder",
    },
    {
      name: "named by package.json prisma.schema",
      files: {
        "package.json": JSON.stringify({
          prisma: { schema: "src/db/schema.prisma" },
          devDependencies: { prisma: "6" },
        }),
        "src/db/schema.prisma": datasource("mysql"),
      },
      schemaPath: "src/db/schema.prisma",
      layout: "file",
    },
    {
      name: "at prisma/schema.prisma",
      files: { "package.json": dependsOnPrisma, "prisma/schema.prisma": datasource("mysql") },
      schemaPath: "prisma/schema.prisma",
      layout: "file",
    },
    {
      name: "in the folder prisma/schema/ without any config",
      files: { "prisma/schema/base.prisma": datasource("mysql"), "prisma/schema/user.prisma": "model User {\n}\n" },
      schemaPath: "prisma/schema",
      layout: "folder",
    },
  ];
  for (const { name, files, schemaPath, layout } of cases) {
    test(name, () => {
      const found = project(files);
      expect(found).toMatchObject({ schemaPath, layout, provider: "mysql" });
      expect(found?.files.length).toBeGreaterThan(0);
    });
  }

  test("an app that depends on Prisma but has no schema yet: the default place, no files", () => {
    expect(project({ "package.json": dependsOnPrisma })).toEqual({
      configFile: null,
      layout: "file",
      schemaPath: "prisma/schema.prisma",
      files: [],
      provider: null,
      client: null,
    });
  });

  test("the provider postgres is postgresql; a provider the auth models do not support is none", () => {
    expect(project({ "prisma/schema.prisma": datasource("postgres") })?.provider).toBe("postgresql");
    expect(project({ "prisma/schema.prisma": datasource("mongodb") })?.provider).toBeNull();
  });
});

describe("prismaClientExport recognises the app's client module", () => {
  const cases: Array<{ name: string; source: string; file?: string; exportName: string | null }> = [
    {
      name: "export const prisma = new PrismaClient(…)",
      source: 'import { PrismaClient } from "@prisma/client";\nexport const prisma = new PrismaClient({ adapter });\n',
      exportName: "prisma",
    },
    {
      name: "a default export",
      source: 'import { PrismaClient } from "./generated/prisma/client";\nexport default new PrismaClient();\n',
      exportName: "default",
    },
    {
      name: "a globalThis-cached singleton exported by name later",
      source: [
        'import { PrismaClient } from "@prisma/client";',
        "const globalForPrisma = globalThis as unknown as { prisma: PrismaClient | undefined };",
        "const prisma = globalForPrisma.prisma ?? new PrismaClient();",
        'if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;',
        "export { prisma as db };",
      ].join("\n"),
      exportName: "db",
    },
    {
      name: "a factory function and an extended client",
      source: [
        'import * as Prisma from "@prisma/client";',
        "function createClient() {",
        "  return new Prisma.PrismaClient().$extends({});",
        "}",
        "export const db = createClient();",
      ].join("\n"),
      exportName: "db",
    },
    {
      name: "CommonJS module.exports = { prisma }",
      source:
        'const { PrismaClient } = require("@prisma/client");\nconst prisma = new PrismaClient();\nmodule.exports = { prisma };\n',
      file: "lib/db.js",
      exportName: "prisma",
    },
    {
      name: "only the class re-exported, no instance",
      source: 'export { PrismaClient } from "@prisma/client";\nexport type { User } from "@prisma/client";\n',
      exportName: null,
    },
    {
      name: "an instance that is not exported",
      source:
        'import { PrismaClient } from "@prisma/client";\nconst prisma = new PrismaClient();\nexport const count = () => prisma.user.count();\n',
      exportName: null,
    },
  ];
  for (const { name, source, file = "src/lib/prisma.ts", exportName } of cases) {
    test(name, () => {
      expect(prismaClientExport(source, file)).toBe(exportName);
    });
  }

  test("finds a SvelteKit app's src/lib/server/db/index.ts and a create-t3-app's src/server/db.ts", () => {
    const client = 'import { PrismaClient } from "@prisma/client";\nexport const db = new PrismaClient();\n';
    expect(project({ "package.json": dependsOnPrisma, "src/lib/server/db/index.ts": client })?.client).toEqual({
      file: "src/lib/server/db/index.ts",
      exportName: "db",
    });
    expect(project({ "package.json": dependsOnPrisma, "src/server/db.ts": client })?.client).toEqual({
      file: "src/server/db.ts",
      exportName: "db",
    });
  });

  test("looks where apps keep it, the project's language first", () => {
    const client = 'const { PrismaClient } = require("@prisma/client");\nmodule.exports = new PrismaClient();\n';
    expect(
      project(
        { "package.json": dependsOnPrisma, "lib/prisma.js": client, "src/db.ts": "export const db = 1;\n" },
        {
          srcDir: false,
          language: "js",
        },
      )?.client,
    ).toEqual({ file: "lib/prisma.js", exportName: "default" });
  });
});
