/**
 * The runtime the CLI ships: `dist/runtime/**` of the CLI's own package, found relative to this module
 * (not the working directory), so `npx create-auth` writes exactly the code it was published with.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CliError } from "../errors.js";
import type { RuntimeSource } from "../plan/context.js";
import { listFilesRecursive } from "../project/reader.js";
import { cliPackage } from "../version.js";

/** Packages the runtime imports at run time; the host installs them as direct dependencies. */
export const RUNTIME_PEERS = ["oauth4webapi"] as const;

/**
 * Packages earlier runtimes imported, which init added for them: jose, until the session JWE ran on
 * node:crypto and WebCrypto alone. An app may use one itself now, so update and doctor leave it to the app;
 * remove takes it out with init's other packages when no file of the app imports it.
 */
export const FORMER_RUNTIME_PEERS = ["jose"] as const;

/** `dir`: a built runtime (`dist/runtime/`, ending in `/`); by default the one beside this CLI. */
export function loadRuntimeSource(dir = fileURLToPath(new URL("../../runtime/", import.meta.url))): RuntimeSource {
  if (!existsSync(dir)) {
    throw new CliError(
      "RuntimeNotBuilt",
      `The auth runtime is missing from this CLI package (${dir}); run npm run build.`,
    );
  }
  const files = listFilesRecursive(dir)
    .filter((file) => file.endsWith(".js") || file.endsWith(".d.ts") || file.endsWith(".svelte"))
    .map((file) => ({ path: file, content: readFileSync(dir + file, "utf8") }));
  const { version, dependencies } = cliPackage();
  const peerDependencies: Record<string, string> = {};
  for (const name of RUNTIME_PEERS) peerDependencies[name] = dependencies[name] ?? "*";
  return { version, files, peerDependencies };
}

/**
 * The generated code imports these runtime modules (`next.js`, `providers/github.js`): refuse before planning
 * to write imports that would not resolve, naming what this CLI's build lacks.
 */
export function assertRuntimeHolds(runtime: RuntimeSource, modules: readonly string[]): void {
  const have = new Set(runtime.files.map((f) => f.path));
  const absent = modules.filter((file) => !have.has(file));
  if (absent.length > 0) {
    throw new CliError("RuntimeNotBuilt", `This CLI's runtime lacks ${absent.join(", ")}; rebuild it (npm run build).`);
  }
}
