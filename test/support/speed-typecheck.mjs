// typecheckProject (typecheck.mjs) for checks that judge only the files outside node_modules: the same program and
// the same plain `tsc` lines, but the third-party declarations (lib.*.d.ts, next, svelte, @types/node…) are not
// checked themselves, only used. With skipLibCheck off (a check whose point is the runtime package's own
// declarations), checking every third-party declaration file took most of the time, and none of its lines was
// ever read. Every diagnostic tsc would report about a file outside node_modules is reported, in tsc's format.
import path from "node:path";
import ts from "typescript";
import { shareSourceFiles } from "./typecheck.mjs";

/**
 * What `tsc -p <project>` prints about the files outside node_modules (and about the project: its tsconfig, its
 * options, global declarations), with a status of 0 when that is nothing and 1 otherwise.
 */
export function typecheckOwnFiles(project, options = {}) {
  const root = path.dirname(path.resolve(project.endsWith(".json") ? project : path.join(project, "tsconfig.json")));
  const configPath = project.endsWith(".json") ? path.resolve(project) : path.join(root, "tsconfig.json");
  let output = "";
  const system = { ...ts.sys, getCurrentDirectory: () => root, write: (text) => (output += text) };
  const formatHost = {
    getCurrentDirectory: () => root,
    getNewLine: () => ts.sys.newLine,
    getCanonicalFileName: ts.sys.useCaseSensitiveFileNames ? (name) => name : (name) => name.toLowerCase(),
  };
  const report = (diagnostic) => system.write(ts.formatDiagnostic(diagnostic, formatHost));
  const config = ts.parseConfigFileWithSystem(configPath, options, undefined, undefined, system, report);
  if (!config) return { status: 1, output };

  const host = ts.createCompilerHost(config.options);
  host.getCurrentDirectory = () => root;
  shareSourceFiles(host, config.options);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const own = program.getSourceFiles().filter((file) => !file.fileName.split(/[\\/]/).includes("node_modules"));
  // What tsc asks, in its order (ts.emitFilesAndReportErrors): the types only when nothing came before them.
  const diagnostics = [...program.getConfigFileParsingDiagnostics()];
  const fromConfig = diagnostics.length;
  diagnostics.push(...own.flatMap((file) => program.getSyntacticDiagnostics(file)));
  if (diagnostics.length === fromConfig) {
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (diagnostics.length === fromConfig)
      diagnostics.push(...own.flatMap((file) => program.getSemanticDiagnostics(file)));
  }
  for (const diagnostic of ts.sortAndDeduplicateDiagnostics(diagnostics)) report(diagnostic);
  return { status: diagnostics.length === 0 ? 0 : 1, output };
}
