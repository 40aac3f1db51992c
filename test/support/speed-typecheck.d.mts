import type ts from "typescript";

/** What `tsc -p <project>` prints (plain) about the files outside node_modules and the project, and 0 or 1. */
export function typecheckOwnFiles(project: string, options?: ts.CompilerOptions): { status: number; output: string };
