/**
 * The env loading that init writes into SolidStart's src/auth.ts, run as the built server runs it (compiled by
 * TypeScript, in a fresh context) against each runtime it meets: Node with a .env (loaded), Node where the app
 * is deployed (no .env: nothing happens), a worker whose process.loadEnvFile only throws an error without a code
 * (skipped), a runtime with no process at all, and a .env that is there but unreadable (its error is thrown).
 * The e2e file test/e2e/solid-start.test.ts runs the real servers; this pins each branch.
 */
import vm from "node:vm";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { initFixture } from "../../support.js";

/** The statements between the imports and `export const authConfig`, compiled to JavaScript. */
let envLoading = "";

beforeAll(async () => {
  const { project, run } = await initFixture("solid-start-2", [
    "--providers",
    "oidc,credentials",
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  const source = project.read("src/auth.ts");
  const block = source.slice(source.indexOf("const nodeProcess"), source.indexOf("export const authConfig"));
  expect(block).toContain("loadEnvFile");
  envLoading = ts.transpileModule(block, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
});

/** Runs the block with `process` as the runtime's global (none when undefined). */
function runWith(process: { loadEnvFile?: (path: string) => void } | undefined): void {
  vm.runInNewContext(envLoading, process === undefined ? {} : { process });
}

function errorWithCode(code: string): Error {
  return Object.assign(new Error(`${code}: .env`), { code });
}

describe("SolidStart's generated env loading", () => {
  it("loads .env where the server runs with one (npm start on this machine)", () => {
    const asked: string[] = [];
    runWith({ loadEnvFile: (path) => asked.push(path) });
    expect(asked).toEqual([".env"]);
  });

  it("does nothing where the app is deployed without a .env (ENOENT)", () => {
    expect(() =>
      runWith({
        loadEnvFile: () => {
          throw errorWithCode("ENOENT");
        },
      }),
    ).not.toThrow();
  });

  it("skips a worker runtime whose loadEnvFile only throws an error without a code", () => {
    expect(() =>
      runWith({
        loadEnvFile: () => {
          throw new Error("[unenv] process.loadEnvFile is not implemented yet!");
        },
      }),
    ).not.toThrow();
  });

  it("skips a runtime without process.loadEnvFile, or without process", () => {
    expect(() => runWith({})).not.toThrow();
    expect(() => runWith(undefined)).not.toThrow();
  });

  it("throws the error of a .env that is there but cannot be read", () => {
    expect(() =>
      runWith({
        loadEnvFile: () => {
          throw errorWithCode("EACCES");
        },
      }),
    ).toThrow("EACCES: .env");
  });
});
