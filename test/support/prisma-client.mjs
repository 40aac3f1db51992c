// Generates a real Prisma client (Prisma 7's `prisma-client` generator, no Rust engine at run time: the
// query compiler is WebAssembly and the database is reached through a driver adapter) from a schema text,
// into a fresh folder under the repository's git-ignored .tmp/, where vitest compiles its TypeScript and
// `@prisma/client` resolves from the repository's node_modules.
//
// Offline: `prisma generate` never runs the schema engine, but the Prisma CLI makes sure that binary is
// present before any command and tries to download it from binaries.prisma.sh, unreachable here.
// PRISMA_SCHEMA_ENGINE_BINARY names the binary instead; we point it at a script that fails loudly, so a
// command that really needed the engine (migrate, db push, migrate diff) would fail rather than pretend.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runCommand } from "./processes.mjs";

const repository = fileURLToPath(new URL("../..", import.meta.url));
const prismaCli = path.join(repository, "node_modules", "prisma", "build", "index.js");

/** The Prisma CLI with the schema engine replaced by a script that refuses to run. */
async function prismaEnvironment(folder) {
  const noEngine = path.join(folder, "no-schema-engine");
  await writeFile(noEngine, '#!/bin/sh\necho "the Prisma schema engine is not available offline" >&2\nexit 1\n');
  await chmod(noEngine, 0o755);
  return {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: noEngine,
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  };
}

/** Runs `prisma <args>` on a schema text written to `<folder>/prisma/schema.prisma`. */
export async function runPrisma(folder, schema, args) {
  const files = typeof schema === "string" ? { "schema.prisma": schema } : schema;
  // A schema folder is named by the first segment its files share: `schema` for `schema/models/note.prisma`.
  const roots = new Set(Object.keys(files).map((file) => file.split("/")[0]));
  if (typeof schema !== "string" && (roots.size !== 1 || Object.keys(files).some((file) => !file.includes("/"))))
    throw new Error(
      `runPrisma: a schema folder's files must all be under one folder of prisma/, got ${Object.keys(files).join(", ")}`,
    );
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(folder, "prisma", file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  const schemaPath = path.join(folder, "prisma", typeof schema === "string" ? "schema.prisma" : [...roots][0]);
  const { output } = await runCommand(process.execPath, [prismaCli, ...args, "--schema", schemaPath], {
    cwd: folder,
    env: await prismaEnvironment(folder),
    timeoutMs: 180_000,
  });
  return { output, schemaPath };
}

/** A fresh folder under .tmp/ for one Prisma schema; `remove()` deletes it. */
export async function prismaFolder() {
  await mkdir(path.join(repository, ".tmp"), { recursive: true });
  const folder = await mkdtemp(path.join(repository, ".tmp", "prisma-"));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * Generates the client of `schema` (whose generator writes to `../generated/prisma`) and imports it.
 * Resolves to the generated module (`PrismaClient`, `Prisma`), its folder and `remove()`, which deletes it all.
 */
export async function generatePrismaClient(schema) {
  const { folder, remove } = await prismaFolder();
  try {
    await runPrisma(folder, schema, ["generate"]);
    const client = await import(pathToFileURL(path.join(folder, "generated", "prisma", "client.ts")).href);
    return { client, folder, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
