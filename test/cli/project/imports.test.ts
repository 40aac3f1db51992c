import { describe, expect, it } from "vitest";
import { checkImportsOf } from "../../../src/cli/checks/imports-of.js";
import { drizzleTables } from "../../../src/cli/database/drizzle/doctor-tables.js";
import { expressTarget } from "../../../src/cli/frameworks/express/target.js";
import { importTarget, moduleCandidates, resolveImport } from "../../../src/cli/project/imports.js";
import { memoryReader } from "../../../src/cli/project/reader.js";

const reader = (...files: string[]) => memoryReader("/app", new Map(files.map((file) => [file, "export {};\n"])));

describe("importTarget", () => {
  it("resolves relative specifiers against the importing file's folder, /-separated", () => {
    expect(importTarget([], "src/routes/page.ts", "./db")).toBe("src/routes/db");
    expect(importTarget([], "src/routes/page.ts", "../lib/db.js")).toBe("src/lib/db.js");
    expect(importTarget([], "src/routes/deep/page.ts", "../../lib/./x")).toBe("src/lib/x");
    expect(importTarget([], "src/a.ts", ".")).toBe("src");
    expect(importTarget([], "src/a/b.ts", "..")).toBe("src");
    expect(importTarget([], "index.ts", "./x")).toBe("x");
  });

  it("maps a tsconfig alias, the longest matching prefix winning whatever the order", () => {
    const aliases = [
      { prefix: "@/", directory: "src" },
      { prefix: "@/lib/", directory: "packages/lib" },
      { prefix: "~/", directory: "" },
    ];
    expect(importTarget(aliases, "src/a.ts", "@/lib/db")).toBe("packages/lib/db");
    expect(importTarget([...aliases].reverse(), "src/a.ts", "@/lib/db")).toBe("packages/lib/db");
    expect(importTarget(aliases, "src/a.ts", "@/db")).toBe("src/db");
    expect(importTarget(aliases, "src/deep/a.ts", "~/server/auth")).toBe("server/auth");
  });

  it("maps SvelteKit's $lib and #lib to src/lib, $lib alone to the folder", () => {
    expect(importTarget([], "src/routes/+page.server.ts", "$lib/server/db")).toBe("src/lib/server/db");
    expect(importTarget([], "src/hooks.server.ts", "#lib/auth")).toBe("src/lib/auth");
    expect(importTarget([], "src/hooks.server.ts", "$lib")).toBe("src/lib");
    // An app alias longer than $lib/ wins over it.
    expect(importTarget([{ prefix: "$lib/server/", directory: "server" }], "src/a.ts", "$lib/server/db")).toBe(
      "server/db",
    );
  });

  it("gives null for packages, backslash and absolute specifiers", () => {
    expect(importTarget([{ prefix: "@/", directory: "src" }], "src/a.ts", "drizzle-orm/pg-core")).toBeNull();
    expect(importTarget([{ prefix: "@/", directory: "src" }], "src/a.ts", "@auth/core")).toBeNull();
    expect(importTarget([], "src/a.ts", "$app/navigation")).toBeNull();
    expect(importTarget([], "src/a.ts", "node:path")).toBeNull();
    expect(importTarget([], "src/a.ts", ".\\db")).toBeNull();
    expect(importTarget([], "src/a.ts", "/etc/passwd")).toBeNull();
    expect(importTarget([], "src/a.ts", ".env")).toBeNull();
  });

  it("never leads outside the project: .. past the root, or an alias onto a sibling folder", () => {
    expect(importTarget([], "src/a.ts", "../../x")).toBeNull();
    expect(importTarget([], "a.ts", "..")).toBeNull();
    expect(importTarget([], "src/a.ts", "../src/../../etc/passwd")).toBeNull();
    expect(importTarget([{ prefix: "@shared/", directory: "../shared" }], "src/a.ts", "@shared/db")).toBeNull();
    expect(importTarget([{ prefix: "@/", directory: "src" }], "src/a.ts", "@/../../x")).toBeNull();
    // Through the root and back in is inside.
    expect(importTarget([], "src/a.ts", "../../app/x")).toBeNull();
    expect(importTarget([], "src/a/b.ts", "../../src/x")).toBe("src/x");
  });
});

describe("moduleCandidates", () => {
  it("tries an extensionless path with each extension, TypeScript's first, then its index files", () => {
    expect(moduleCandidates("src/db")).toEqual([
      "src/db.ts",
      "src/db.tsx",
      "src/db.mts",
      "src/db.cts",
      "src/db.js",
      "src/db.jsx",
      "src/db.mjs",
      "src/db.cjs",
      "src/db/index.ts",
      "src/db/index.tsx",
      "src/db/index.mts",
      "src/db/index.cts",
      "src/db/index.js",
      "src/db/index.jsx",
      "src/db/index.mjs",
      "src/db/index.cjs",
    ]);
  });

  it("swaps a JavaScript extension for its TypeScript source first, as TypeScript does", () => {
    expect(moduleCandidates("src/db.js")).toEqual(["src/db.ts", "src/db.tsx", "src/db.js", "src/db.jsx"]);
    expect(moduleCandidates("src/db.mjs")).toEqual(["src/db.mts", "src/db.mjs"]);
    expect(moduleCandidates("src/db.cjs")).toEqual(["src/db.cts", "src/db.cjs"]);
    expect(moduleCandidates("src/db.jsx")).toEqual(["src/db.tsx", "src/db.jsx"]);
    expect(moduleCandidates("src/db.ts")).toEqual(["src/db.ts"]);
    expect(moduleCandidates("src/db.mts")).toEqual(["src/db.mts"]);
  });

  it("keeps another extension as written before adding one; a folder gives only its index files", () => {
    expect(moduleCandidates("src/auth.config").slice(0, 2)).toEqual(["src/auth.config", "src/auth.config.ts"]);
    expect(moduleCandidates("src/db/")[0]).toBe("src/db/index.ts");
    expect(moduleCandidates("src/db/").every((file) => file.startsWith("src/db/index."))).toBe(true);
    expect(moduleCandidates(".")[0]).toBe("index.ts");
  });

  it("never names db.ts for db/index", () => {
    expect(moduleCandidates("src/db/index")).not.toContain("src/db.ts");
    expect(moduleCandidates("src/db/index")[0]).toBe("src/db/index.ts");
  });
});

describe("resolveImport", () => {
  it("finds the first existing candidate", () => {
    const app = reader("src/lib/db.ts", "src/lib/db/index.ts", "src/lib/schema/index.js", "src/server.js");
    expect(resolveImport(app, [], "src/app.ts", "./lib/db")).toBe("src/lib/db.ts");
    expect(resolveImport(app, [], "src/app.ts", "./lib/db/index")).toBe("src/lib/db/index.ts");
    expect(resolveImport(app, [], "src/app.ts", "./lib/db/")).toBe("src/lib/db/index.ts");
    expect(resolveImport(app, [], "src/app.ts", "./lib/schema")).toBe("src/lib/schema/index.js");
    expect(resolveImport(app, [], "src/app.ts", "./server.js")).toBe("src/server.js");
    expect(resolveImport(app, [], "src/routes/x.ts", "$lib/db.js")).toBe("src/lib/db.ts");
    expect(resolveImport(app, [{ prefix: "@/", directory: "src" }], "src/x.ts", "@/lib/db")).toBe("src/lib/db.ts");
  });

  it("takes x.ts for ./x.js under NodeNext, and x.ts over a compiled x.js beside it", () => {
    expect(resolveImport(reader("src/auth.ts"), [], "src/app.ts", "./auth.js")).toBe("src/auth.ts");
    expect(resolveImport(reader("src/auth.ts", "src/auth.js"), [], "src/app.ts", "./auth.js")).toBe("src/auth.ts");
    expect(resolveImport(reader("src/auth.mts"), [], "src/app.mts", "./auth.mjs")).toBe("src/auth.mts");
  });

  it("gives null for a package, a missing module and a path outside the project", () => {
    const app = memoryReader(
      "/repo/apps/web",
      new Map([
        ["src/db.ts", ""],
        ["../shared/db.ts", ""],
      ]),
    );
    expect(resolveImport(app, [], "src/app.ts", "drizzle-orm")).toBeNull();
    expect(resolveImport(app, [], "src/app.ts", "./nothing")).toBeNull();
    expect(resolveImport(app, [], "src/app.ts", "../../shared/db")).toBeNull();
    expect(resolveImport(app, [{ prefix: "@s/", directory: "../shared" }], "src/app.ts", "@s/db")).toBeNull();
  });
});

// What the callers got wrong before they shared the rule.
describe("the doctor, following imports by the shared rule", () => {
  it("reads the tables from db/index.ts that `./db/index` names, not from a db.ts beside the folder", () => {
    const app = memoryReader(
      "/app",
      new Map([
        [
          "src/auth.ts",
          'import drizzleAdapter from "@create-auth/runtime/adapters/drizzle";\nimport { db } from "./db";\nimport { users } from "./db/index";\nexport const adapter = drizzleAdapter(db, { users });\n',
        ],
        ["src/db.ts", "export const db = {};\n"],
        [
          "src/db/index.ts",
          'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const users = pgTable("app_users", { id: text("id").primaryKey() });\n',
        ],
      ]),
    );
    const users = drizzleTables(app, { aliases: [] }, "src/auth.ts").find((table) => table.model.name === "users");
    expect(users).toMatchObject({ name: "app_users", declaredIn: "src/db/index.ts" });
  });

  it("sees the importers of an index module create-auth wrote (`~/lib/auth` is lib/auth/index.ts)", () => {
    const written = "export function requireUser() {}\nexport function getUser() {}\n";
    const app = memoryReader(
      "/app",
      new Map([
        ["src/lib/auth/index.ts", "export function getUser() {}\n"],
        ["src/routes/page.tsx", 'import { requireUser } from "~/lib/auth";\nrequireUser();\n'],
        ["src/routes/other.tsx", 'import { getUser } from "../lib/auth/index.js";\ngetUser();\n'],
      ]),
    );
    const aliases = [{ prefix: "~/", directory: "src" }];
    const findings = checkImportsOf(app, { aliases, existingAuthFiles: [] }, "src", {
      file: "src/lib/auth/index.ts",
      written,
    });
    expect(findings.map((found) => [found.id, found.file])).toEqual([["wiring.import-missing", "src/routes/page.tsx"]]);
  });
});

describe("the Express target, finding the app file by the shared rule", () => {
  const server = 'import express from "express";\nconst app = express();\napp.listen(3000);\n';
  const layout = (files: [string, string][], pkg: Record<string, unknown>) =>
    expressTarget.layout(memoryReader("/repo/app", new Map(files)), { name: "app", ...pkg }, 5);

  it("takes server.ts, not the server.js tsc compiled beside it, for `node server.js`", () => {
    const files: [string, string][] = [
      ["server.js", server],
      ["server.ts", server],
    ];
    expect(layout(files, { scripts: { start: "node server.js" } }).appFile).toBe("server.ts");
  });

  it("follows `./app.js` to app.ts, and reads no file outside the project a `main` names", () => {
    const files: [string, string][] = [
      ["src/index.ts", 'import { app } from "./app.js";\napp.listen(3000);\n'],
      ["src/app.ts", 'import express from "express";\nexport const app = express();\n'],
    ];
    expect(layout(files, { scripts: { start: "node dist/index.js" } }).appFile).toBe("src/app.ts");
    expect(layout([["../other/server.js", server]], { main: "../other/server.js" }).appFile).toBeUndefined();
  });
});
