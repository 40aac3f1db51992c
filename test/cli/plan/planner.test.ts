/**
 * The planner on its own, over projects held in memory: the rules for owned files, edits that compose on
 * one file, and the reader every plan reads through (memoryReader), including paths above the root.
 */
import { describe, expect, it } from "vitest";
import { type FileStep, planFiles } from "../../../src/cli/plan/planner.js";
import { memoryReader, subReader } from "../../../src/cli/project/reader.js";

const project = (files: Record<string, string>) => memoryReader("/app", new Map(Object.entries(files)));

const owned = (content: string): FileStep => ({
  kind: "owned",
  path: "auth.ts",
  content,
  reason: "auth module",
  done: (source) => source.includes("ours"),
  doneNote: (source) => (source.includes("github") ? null : "auth.ts does not use github"),
});

describe("planFiles: an owned file", () => {
  it("is created when absent and left alone when identical", () => {
    expect(planFiles(project({}), [owned("x\n")]).changes).toEqual([
      { kind: "create", path: "auth.ts", content: "x\n", reason: "auth module" },
    ]);
    expect(planFiles(project({ "auth.ts": "x\n" }), [owned("x\n")])).toEqual({ changes: [], conflicts: [], notes: [] });
  });

  it("that already does the job stays, with what it lacks said first", () => {
    expect(planFiles(project({ "auth.ts": "// ours, edited\n" }), [owned("x\n")])).toEqual({
      changes: [],
      conflicts: [],
      notes: ["auth.ts does not use github", "auth.ts is already set up; left as it is."],
    });
  });

  it("of the user's is a conflict, replaced only with permission", () => {
    const theirs = project({ "auth.ts": "mine\n" });
    expect(planFiles(theirs, [owned("x\n")]).conflicts).toEqual([
      { path: "auth.ts", reason: "exists with other content" },
    ]);
    expect(planFiles(theirs, [owned("x\n")], new Set(["auth.ts"])).changes).toEqual([
      { kind: "edit", path: "auth.ts", before: "mine\n", after: "x\n", reason: "auth module" },
    ]);
  });
});

describe("planFiles: edits", () => {
  const append = (line: string, reason: string, create?: { content: () => string; reason: string }): FileStep => ({
    kind: "edit",
    path: ".gitignore",
    reason,
    transform: (source) => (source.includes(line) ? "unchanged" : `${source}${line}\n`),
    ...(create ? { create } : {}),
  });

  it("compose on one file into one change, at the place of its first edit, each reading the last one's text", () => {
    const steps: FileStep[] = [
      append(".env", "keep .env out of git"),
      { kind: "note", text: "between" },
      append("auth.db", "keep the database out of git"),
    ];
    expect(planFiles(project({ ".gitignore": "node_modules\n" }), steps)).toEqual({
      changes: [
        {
          kind: "edit",
          path: ".gitignore",
          before: "node_modules\n",
          after: "node_modules\n.env\nauth.db\n",
          reason: "keep .env out of git; keep the database out of git",
        },
      ],
      conflicts: [],
      notes: ["between"],
    });
  });

  it("plan nothing when every transform is unchanged, and leave an absent file absent unless they can create it", () => {
    expect(planFiles(project({ ".gitignore": ".env\n" }), [append(".env", "r")]).changes).toEqual([]);
    expect(planFiles(project({}), [append(".env", "r")]).changes).toEqual([]);
    const creating = append(".env", "r", { content: () => ".env\n", reason: "new" });
    expect(planFiles(project({}), [creating]).changes).toEqual([
      { kind: "create", path: ".gitignore", content: ".env\n", reason: "new" },
    ]);
  });

  it("that cannot be made safely leave the file as it is and say why", () => {
    const step: FileStep = {
      kind: "edit",
      path: "proxy.ts",
      reason: "wrap",
      transform: () => ({ unsupported: "no function to wrap" }),
      unsupported: (why) => `proxy.ts left as it is (${why})`,
    };
    expect(planFiles(project({ "proxy.ts": "export default chain;\n" }), [step])).toEqual({
      changes: [],
      conflicts: [],
      notes: ["proxy.ts left as it is (no function to wrap)"],
    });
  });
});

describe("memoryReader", () => {
  const reader = memoryReader(
    "/repo/apps/web",
    new Map([
      ["app/page.tsx", "page"],
      ["app/api/auth/route.ts", "route"],
      ["../../package.json", "{}"],
    ]),
  );

  it("implies directories from paths and lists the ones directly inside", () => {
    expect(reader.isDirectory("app")).toBe(true);
    expect(reader.isDirectory("app/page.tsx")).toBe(false);
    expect(reader.exists("app/api")).toBe(true);
    expect(reader.directories("")).toEqual(["app"]);
    expect(reader.directories("app")).toEqual(["api"]);
    expect(reader.read("./app/../app/page.tsx")).toBe("page");
  });

  it("reaches above the root through ../ paths, and into a member through subReader", () => {
    expect(reader.read("../../package.json")).toBe("{}");
    expect(reader.read("../package.json")).toBe(null);
    const api = subReader(reader, "app/api");
    expect(api.root).toBe("/repo/apps/web/app/api");
    expect(api.read("auth/route.ts")).toBe("route");
  });
});
