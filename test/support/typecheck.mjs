// `tsc -p <dir>` without a process: the same steps as the compiler's command line (read the tsconfig, build the
// program, report what `tsc` reports, in its plain format, with its exit status), run in the test worker.
//
// Why: the unit project runs several strict type checks of generated apps, and each `tsc` process paid for
// Node, for loading the compiler, and for parsing and binding the same declaration files again (the lib files,
// @types/node, the runtime's sources and its dependencies' types: most of the ~750 files of a check). Here they
// come from one DocumentRegistry (the language service's cache, which hands a program the parsed file only when
// its text and every option that changes parsing or binding are the same), so a worker parses each once.
import { createHash } from "node:crypto";
import path from "node:path";
import ts from "typescript";

const registry = ts.createDocumentRegistry(
  ts.sys.useCaseSensitiveFileNames,
  undefined,
  ts.JSDocParsingMode.ParseForTypeErrors,
);

/**
 * What `tsc -p <project>` prints (plain, as when its output is not a terminal) and its exit status; `options` are
 * the command line's compiler options (`{ noEmit: true }` for `--noEmit`).
 *
 * `ownFilesOnly`: only what tsc says about the files outside node_modules (and the project: its tsconfig, options,
 * global declarations), status 0 when that is nothing, 1 otherwise. The third-party declarations (lib.*.d.ts,
 * next, svelte, @types/node…) are used, not checked themselves: with skipLibCheck off (a check whose point is the
 * runtime package's own declarations) checking them took most of the time, and no line of theirs was ever read.
 */
export function typecheckProject(project, options = {}, { ownFilesOnly = false } = {}) {
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
  if (!ownFilesOnly) {
    const status = ts.emitFilesAndReportErrorsAndGetExitStatus(program, report, (text) =>
      system.write(text + ts.sys.newLine),
    );
    return { status, output };
  }
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

/**
 * Makes `host` (a compiler host for `options`) take its source files from the worker's registry: a file parsed and
 * bound for an earlier program is handed over again when its text and the options that shape it are the same. JSDoc
 * is parsed as `tsc` parses it (only where it can change a type error), one mode for the whole registry.
 */
export function shareSourceFiles(host, options) {
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  host.getSourceFile = (fileName, languageVersionOrOptions, onError) => {
    let text;
    try {
      text = ts.sys.readFile(fileName);
    } catch (error) {
      onError?.(error.message);
    }
    if (text === undefined) return undefined;
    const version = createHash("sha1").update(text).digest("hex");
    const sourceFileOptions = typeof languageVersionOrOptions === "object" ? languageVersionOrOptions : undefined;
    return registry.acquireDocument(
      fileName,
      options,
      ts.ScriptSnapshot.fromString(text),
      version,
      undefined,
      sourceFileOptions,
    );
  };
  return host;
}
