/**
 * Runs the TypeScript compiler, with the project's options, over public-types.test.ts: its `expectTypeOf`
 * assertions do nothing at run time, so without this a wrong public type would fail only `npm run
 * typecheck`, never the unit project. The second case proves the check can fail: code that trusts a
 * type the runtime does not give (a `jwt` read with a user, a Dropbox profile as a `Profile`) must not
 * compile.
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const typesTest = path.join(import.meta.dirname, "public-types.test.ts");

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  return { ...parsed.options, noEmit: true };
}

/** The compiler's errors for `file`, which may be given in memory (`source`) instead of on disk. */
function diagnosticsOf(file: string, source?: string): string[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  if (source !== undefined) {
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
    host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
    host.getSourceFile = (name, languageVersion, ...rest) =>
      path.resolve(name) === file
        ? ts.createSourceFile(name, source, languageVersion, true)
        : getSourceFile(name, languageVersion, ...rest);
  }
  const program = ts.createProgram({ rootNames: [file], options, host });
  const sourceFile = program.getSourceFile(file);
  if (!sourceFile) throw new Error(`${file} was not compiled`);
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map(
    (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  );
}

describe("the public type assertions", () => {
  it("compile without an error under the project's compiler options", () => {
    expect(diagnosticsOf(typesTest)).toEqual([]);
  }, 120_000);

  it("reject code that trusts a field the runtime does not pass", () => {
    const negative = path.join(import.meta.dirname, "never-written-negative.ts");
    const source = [
      'import Dropbox from "../../../src/runtime/providers/dropbox.js";',
      'import type { AuthConfig, OAuthConfig, Profile } from "../../../src/runtime/types.js";',
      "export const callbacks: AuthConfig['callbacks'] = {",
      "  jwt(params) {",
      "    if (params.trigger === undefined) return { ...params.token, id: params.user.id };",
      "    return params.token;",
      "  },",
      "};",
      "export const dropbox: OAuthConfig<Profile> = Dropbox();",
    ].join("\n");
    const errors = diagnosticsOf(negative, source);
    expect(errors.some((message) => message.includes("'params.user' is possibly 'undefined'"))).toBe(true);
    expect(errors.some((message) => message.includes("OAuthConfig<DropboxProfile>"))).toBe(true);
  }, 120_000);
});
