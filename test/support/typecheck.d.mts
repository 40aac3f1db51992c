import type ts from "typescript";

/**
 * What `tsc -p <project>` prints (plain) and its exit status; `options` are command-line compiler options.
 * `ownFilesOnly`: only what it says about the files outside node_modules and the project, status 0 or 1.
 */
export function typecheckProject(
  project: string,
  options?: ts.CompilerOptions,
  check?: { ownFilesOnly?: boolean },
): { status: number; output: string };
/** Makes `host` take its source files from the worker's shared registry. */
export function shareSourceFiles<Host extends ts.CompilerHost>(host: Host, options: ts.CompilerOptions): Host;
