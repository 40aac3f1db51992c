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
import { shareSourceFiles } from "../../support/typecheck.mjs";

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

/** Code that trusts fields the runtime does not give: a `jwt` read with a user, a Dropbox profile as a `Profile`. */
const negative = path.join(import.meta.dirname, "never-written-negative.ts");
const negativeSource = [
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

let program: ts.Program | undefined;

/**
 * One program over both files, the negative one given in memory: the compiler reads and binds lib, node's
 * types and src once for both (each file is a module, so neither sees the other's declarations).
 */
function compiled(): ts.Program {
  if (program) return program;
  const options = compilerOptions();
  // Lib, node's types and src come from the worker's shared registry (parsed once for every type check it runs).
  const host = shareSourceFiles(ts.createCompilerHost(options), options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === negative ? negativeSource : readFile(name));
  host.fileExists = (name) => path.resolve(name) === negative || fileExists(name);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    path.resolve(name) === negative
      ? ts.createSourceFile(name, negativeSource, languageVersion, true)
      : getSourceFile(name, languageVersion, ...rest);
  program = ts.createProgram({ rootNames: [typesTest, negative], options, host });
  return program;
}

/** The compiler's errors for `file`. */
function diagnosticsOf(file: string): string[] {
  const shared = compiled();
  const sourceFile = shared.getSourceFile(file);
  if (!sourceFile) throw new Error(`${file} was not compiled`);
  return [...shared.getSyntacticDiagnostics(sourceFile), ...shared.getSemanticDiagnostics(sourceFile)].map(
    (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  );
}

describe("the public type assertions", () => {
  it("compile without an error under the project's compiler options", () => {
    expect(diagnosticsOf(typesTest)).toEqual([]);
  }, 120_000);

  it("reject code that trusts a field the runtime does not pass", () => {
    const errors = diagnosticsOf(negative);
    expect(errors.some((message) => message.includes("'params.user' is possibly 'undefined'"))).toBe(true);
    expect(errors.some((message) => message.includes("OAuthConfig<DropboxProfile>"))).toBe(true);
  }, 120_000);
});
