// The runtime's sources (src/runtime) as JavaScript a plain Node 20 child process can import: each .ts file
// transpiled on its own (types dropped, nothing bundled) into a temporary directory, the way
// test/runtime/password/missing-packages.test.ts runs them, with a `node_modules` link back to the
// repository's so the runtime's packages resolve. Read from src every time: never a stale dist/.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";

const repository = path.resolve(import.meta.dirname, "..", "..");
const source = path.join(repository, "src", "runtime");

/** Writes the copy; resolves `{ dir, close() }`, `dir` holding `index.js`, `express.js`, `adapters/…`. */
export function copyRuntime() {
  const dir = mkdtempSync(path.join(tmpdir(), "create-auth-runtime-"));
  try {
    writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n');
    symlinkSync(path.join(repository, "node_modules"), path.join(dir, "node_modules"), "dir");
    const files = readdirSync(source, { recursive: true, encoding: "utf8" });
    for (const file of files.filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))) {
      const { outputText } = ts.transpileModule(readFileSync(path.join(source, file), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      });
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file.replace(/\.ts$/, ".js")), outputText);
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) };
}
