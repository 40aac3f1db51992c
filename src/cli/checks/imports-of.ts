/**
 * The app's own modules import what create-auth's modules export: SolidStart pages take `requireUser` and
 * `getUser` from the session module, Qwik components take `useSession`, `useSignIn` and `useSignOut` from the
 * auth plugin. When such a module is gone, or no longer exports a name create-auth wrote into it, every
 * import of that name fails the build. Only the names create-auth's own text of the module exports are
 * judged: the app's other imports are its business.
 */
import path from "node:path";
import { moduleShape } from "../edit/ast.js";
import { MODULE_FILE } from "../project/imports.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { gitHas, initAgainIn } from "../review/restore.js";
import { importsModule, namedImports, sourceFiles } from "./app-modules.js";
import { type Finding, finding } from "./finding.js";

/**
 * How a module create-auth wrote comes back, as a command that works as printed: git only where it has the
 * file; else init with the auth module's answers, which writes what is missing (review/restore.ts).
 */
function restoreModule(reader: ProjectReader, info: Pick<ProjectInfo, "existingAuthFiles">, file: string): string {
  const again = initAgainIn(reader, info);
  return gitHas(reader.root, file)
    ? `restore ${file} from git (git checkout -- ${file}), or write it again: ${again}`
    : `${file} was never committed, so git cannot restore it; write it again: ${again}`;
}

/**
 * `wiring.import-missing` for each app module importing, from `module` (the file create-auth wrote, as it is
 * now), a name that `written` (create-auth's own text of it) exports and the file does not.
 */
export function checkImportsOf(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "aliases" | "existingAuthFiles">,
  sourceDir: string,
  module: { file: string; written: string },
): Finding[] {
  const current = reader.read(module.file);
  const exported = new Set(current === null ? [] : moduleShape(current, module.file).exports);
  const provided = moduleShape(module.written, module.file).exports;
  // Importers name the module by its file's name, or its folder's for an index module: files without it are
  // skipped unparsed.
  const name = path.posix.basename(module.file).replace(MODULE_FILE, "");
  const base = name === "index" ? path.posix.basename(path.posix.dirname(module.file)) : name;
  const findings: Finding[] = [];
  for (const file of sourceFiles(reader, sourceDir)) {
    const source = file === module.file ? null : reader.read(file);
    if (source === null || !source.includes(base)) continue;
    for (const { specifier, names } of namedImports(source, file)) {
      if (!importsModule(reader, info, file, specifier, module.file)) continue;
      const lost = names.filter((name) => provided.includes(name) && !exported.has(name));
      if (lost.length === 0) continue;
      findings.push(
        finding(
          "error",
          "wiring.import-missing",
          `${file} imports ${lost.join(", ")} from "${specifier}", but ${current === null ? `${module.file} does not exist` : `${module.file} no longer exports ${lost.length === 1 ? "it" : "them"}`}: the app fails to build.`,
          current === null
            ? restoreModule(reader, info, module.file)
            : `export ${lost.join(", ")} from ${module.file} again (as create-auth wrote it, it exports ${provided.join(", ")})`,
          file,
        ),
      );
    }
  }
  return findings;
}
