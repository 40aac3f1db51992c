/**
 * Where an app keeps the runtime package: the folder its package.json links `@create-auth/runtime` from.
 * What every command after init starts from (doctor, update, remove, add-provider), read in one place.
 */
import path from "node:path";
import type { PackageJson } from "../project/types.js";
import { isPlainPath } from "./paths.js";
import { RUNTIME_PACKAGE_NAME } from "./plan.js";

/**
 * The runtime folder package.json links (`"file:./vendor/auth-runtime"` → `{ dir: "vendor/auth-runtime" }`),
 * from dependencies or devDependencies; null when it links none from a folder. A link that leaves the app
 * (`..`, an absolute path) is `{ outside }` with the spec as written: no command writes through it.
 */
export function linkedRuntime(pkg: PackageJson): { dir: string } | { outside: string } | null {
  const spec = pkg.dependencies?.[RUNTIME_PACKAGE_NAME] ?? pkg.devDependencies?.[RUNTIME_PACKAGE_NAME];
  if (typeof spec !== "string" || !spec.startsWith("file:")) return null;
  const dir = path.posix.normalize(spec.slice("file:".length).replaceAll("\\", "/")).replace(/\/+$/, "");
  if (dir === "." || dir === "") return null;
  return isPlainPath(dir) ? { dir } : { outside: spec };
}
