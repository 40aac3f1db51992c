import type ts from "typescript";

/** What `tsc -p <project>` prints (plain) and its exit status; `options` are command-line compiler options. */
export function typecheckProject(project: string, options?: ts.CompilerOptions): { status: number; output: string };
/** Makes `host` take its source files from the worker's shared registry. */
export function shareSourceFiles<Host extends ts.CompilerHost>(host: Host, options: ts.CompilerOptions): Host;
