/**
 * The password modules where their optional packages are not installed: the runtime as an app without
 * @node-rs/argon2, bcryptjs or @zxcvbn-ts/language-common would run it. The modules are transpiled into a
 * directory with no node_modules above it and run in a child Node process, so the dynamic imports really fail
 * (nothing is mocked): hashing falls back to scrypt on its own, hashes of a missing algorithm answer
 * "unavailable", and the policy refuses to run without its list instead of skipping the check.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import bcrypt from "bcryptjs";
import ts from "typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hashPassword } from "../../../src/runtime/password/index.js";

/** The runtime's sources: the password modules and what they import of the core (its bounded body reader, its errors). */
const source = path.resolve(import.meta.dirname, "../../../src/runtime");
let dir = "";

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "password-no-packages-"));
  writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n');
  const files = readdirSync(source, { recursive: true, encoding: "utf8" });
  for (const file of files.filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))) {
    const { outputText } = ts.transpileModule(readFileSync(path.join(source, file), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file.replace(/\.ts$/, ".js")), outputText);
  }
  // Transpiling the whole runtime takes a few seconds, and more than the default 10 on a loaded machine.
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string): Promise<unknown> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ["--input-type=module", "-e", script],
      { cwd: dir, timeout: 30_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    ),
  );
}

it("falls back to scrypt by itself, and answers unavailable for Argon2id and bcrypt hashes it cannot check", async () => {
  const argon2 = await hashPassword("correct horse battery staple");
  const legacy = await bcrypt.hash("correct horse battery staple", 4);
  const result = await run(`
    import { createPasswordHasher } from "./password/index.js";
    const hasher = createPasswordHasher();
    const made = await hasher.hash("correct horse battery staple");
    console.log(JSON.stringify({
      algorithm: await hasher.algorithm(),
      hash: made.hash.slice(0, 22),
      own: await hasher.verify("correct horse battery staple", made.hash),
      wrong: await hasher.verify("correct horse battery stable", made.hash),
      argon2: await hasher.verify("correct horse battery staple", ${JSON.stringify(argon2.ok && argon2.hash)}),
      bcrypt: await hasher.verify("correct horse battery staple", ${JSON.stringify(legacy)}),
      unknown: await hasher.verifyUnknownUser("correct horse battery staple"),
    }));
  `);
  const unavailable = { match: false, needsRehash: false, reason: "unavailable" };
  expect(result).toEqual({
    algorithm: "scrypt",
    hash: "$scrypt$ln=17,r=8,p=1$",
    own: { match: true, needsRehash: false },
    wrong: { match: false, needsRehash: false, reason: "mismatch" },
    argon2: unavailable,
    bcrypt: unavailable,
    unknown: { match: false, needsRehash: false, reason: "mismatch" },
  });
});

it("refuses to check a policy without the common-password list, naming the package", async () => {
  const result = await run(`
    import { checkPasswordPolicy } from "./password/index.js";
    const error = await checkPasswordPolicy("violet mountain lake").catch((error) => error);
    console.log(JSON.stringify({ name: error.name, code: error.code, message: error.message }));
  `);
  expect(result).toEqual({
    name: "CommonPasswordListUnavailable",
    code: "common-password-list-unavailable",
    message: expect.stringContaining("@zxcvbn-ts/language-common"),
  });
});
