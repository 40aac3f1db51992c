/**
 * What `init --orm` writes typechecks for real, against the runtime package it copies and the ORMs' own
 * types (drizzle-orm, the Prisma client generated from the merged schema): the auth module handing the
 * drizzle adapter the app's existing db and its schema's tables (the merged module included), the new client
 * and schema modules where the app had none, the prisma adapter given the app's generated client, and a new
 * Prisma client module with its prisma.config; on apps whose own users table has integer ids and a required
 * name, the adapter options init writes (userIds, newUserColumns). One strict tsc run over every app; Prisma's generator runs
 * offline (test/support/prisma-client.mjs). Slower than init-orm.test.ts, so a file of its own.
 */
import { mkdirSync, readFileSync, renameSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runPrisma } from "../../support/prisma-client.mjs";
import { initFixture, materialize, removeTemps, repoRoot, tempDir, typecheckApps } from "../support.js";

afterAll(removeTemps);

interface App {
  name: string;
  fixture: string;
  args: string[];
  /** The modules to check (their imports are checked with them). */
  files: string[];
  /** The Prisma schema to generate the client from, when the app uses Prisma. */
  prismaSchema?: string;
}

const APPS: App[] = [
  {
    name: "drizzle-next",
    fixture: "orm-drizzle-next",
    args: ["--orm", "drizzle", "--db", "postgres"],
    files: ["src/auth.ts"],
  },
  {
    name: "drizzle-express",
    fixture: "orm-drizzle-schema-folder",
    args: ["--orm", "drizzle", "--db", "mysql"],
    files: ["src/auth.ts"],
  },
  {
    name: "drizzle-sveltekit",
    fixture: "sveltekit-2",
    args: ["--orm", "drizzle", "--db", "sqlite"],
    files: ["src/auth.ts"],
  },
  {
    name: "drizzle-qwik",
    fixture: "qwik-city-1",
    args: ["--orm", "drizzle", "--db", "postgres"],
    files: ["src/routes/plugin@auth.ts"],
  },
  {
    name: "prisma-express",
    fixture: "orm-prisma-express",
    args: ["--orm", "prisma", "--db", "sqlite"],
    files: ["src/auth.ts"],
    prismaSchema: "prisma/schema.prisma",
  },
  {
    // The app's own users table keyed by serial ids, its name required: the adapter's third argument.
    name: "drizzle-serial-next",
    fixture: "orm-drizzle-serial-next",
    args: ["--orm", "drizzle", "--db", "postgres"],
    files: ["src/auth.ts"],
  },
  {
    // Int ids and a required name: userIds and newUserColumns in prisma(client, options).
    name: "prisma-int-express",
    fixture: "orm-prisma-int-express",
    args: ["--orm", "prisma", "--db", "sqlite"],
    files: ["src/auth.ts"],
    prismaSchema: "prisma/schema.prisma",
  },
  {
    name: "prisma-next",
    fixture: "next-app",
    args: ["--orm", "prisma", "--db", "mysql"],
    files: ["auth.ts", "prisma.config.ts"],
    prismaSchema: "prisma/schema.prisma",
  },
];

let checked: { status: number | null; output: string };

beforeAll(async () => {
  const root = tempDir("init-orm-typecheck");
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  for (const app of APPS) {
    const { project, run } = await initFixture(app.fixture, [
      "--providers",
      "oidc",
      "--yes",
      "--no-install",
      ...app.args,
    ]);
    if (run.status !== 0) throw new Error(`${app.name}: ${run.stderr}`);
    const dir = materialize(project, path.join(root, app.name));
    // The runtime package init copied, linked as npm install would.
    mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
    symlinkSync("../../vendor/auth-runtime", path.join(dir, "node_modules/@create-auth/runtime"), "dir");
    if (app.prismaSchema) {
      // `prisma generate` needs only the schema; the app's config (its dotenv import) is set aside meanwhile.
      const configs = ["prisma.config.ts", "prisma.config.mjs"].filter((file) => project.has(file));
      for (const file of configs) renameSync(path.join(dir, file), path.join(dir, `${file}.aside`));
      await runPrisma(dir, readFileSync(path.join(dir, app.prismaSchema), "utf8"), ["generate"]);
      for (const file of configs) renameSync(path.join(dir, `${file}.aside`), path.join(dir, file));
    }
  }
  checked = typecheckApps(root, {
    files: APPS.flatMap((app) => app.files.map((file) => `${app.name}/${file}`)),
    compilerOptions: {
      paths: { "$lib/*": ["./drizzle-sveltekit/src/lib/*"], "~/*": ["./drizzle-qwik/src/*"] },
      jsx: "react-jsx",
    },
  });
}, 300_000);

it("the auth modules, client and schema modules init --orm writes typecheck (strict)", () => {
  expect(checked.output).toBe("");
  expect(checked.status).toBe(0);
});
