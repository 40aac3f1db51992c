// The journeys' reading of what create-auth prints (test/e2e/support/journey-output.ts), on texts the CLI
// printed: a journey that misread a doctor fix or remove's notes would pass or fail for the wrong reason.
import { describe, expect, test } from "vitest";
import {
  commandsIn,
  printedFindings,
  problems,
  removeNotes,
  sameLockedRoot,
  unexplainedDifferences,
} from "../../e2e/support/journey-output.js";

describe("commandsIn", () => {
  test.each([
    ["write one into .env with npx create-auth secret", ["npx create-auth secret"]],
    [
      "put a fresh one in place with npx create-auth secret (32 random bytes), then restart the app",
      ["npx create-auth secret"],
    ],
    [
      "create the auth tables: npx create-auth generate, then npx create-auth migrate",
      ["npx create-auth generate", "npx create-auth migrate"],
    ],
    ["restore them from git (git checkout -- vendor/auth-runtime)", ["git checkout -- vendor/auth-runtime"]],
    [
      "restore vendor/auth-runtime from git (git checkout -- vendor/auth-runtime), or move the auth files aside and run npx create-auth init again",
      ["git checkout -- vendor/auth-runtime"],
    ],
    ["npm install jose@^6.2.17 oauth4webapi@^3.8.8", ["npm install jose@^6.2.17 oauth4webapi@^3.8.8"]],
    ["npx drizzle-kit push (or generate and migrate)", ["npx drizzle-kit push"]],
    [
      "vendor/auth-runtime was never committed, so git cannot restore it; write the runtime package again: npx create-auth init --providers google,credentials --yes",
      ["npx create-auth init --providers google,credentials --yes"],
    ],
    [
      "add the User model back (npx create-auth generate writes it), then npx prisma db push",
      ["npx create-auth generate", "npx prisma db push"],
    ],
    ["Start the app (npm run dev) and sign in at http://localhost:3000/api/auth/signin", ["npm run dev"]],
    ["restore it, or create it with `export const { GET, POST } = SolidAuth(authConfig);`", []],
    ["register the app, then set AUTH_GITHUB_ID and AUTH_GITHUB_SECRET in .env", []],
  ])("%s", (sentence, commands) => {
    expect(commandsIn(sentence)).toEqual(commands);
  });
});

const DOCTOR = `Checked /tmp/app.

Errors:
  [secret.missing] AUTH_SECRET is not set (neither in the environment nor in .env): the runtime refuses every request with MissingSecret. — write one into .env with npx create-auth secret

Warnings:
  [env-example.missing-keys] .env.example does not name AUTH_GITHUB_ID, which the env file sets. — add AUTH_GITHUB_ID= to .env.example (names only, no values)

Notes:
  [wiring.matcher-empty] src/proxy.ts's config.matcher is empty. — list the paths in config.matcher

OK:
  [provider.ready] Google: AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET set — callback URL registered.

1 error, 1 warning, 1 note, 1 check passed.
`;

test("printedFindings reads each finding under its section, its fix after the dash; problems are errors and warnings", () => {
  const findings = printedFindings(DOCTOR);
  expect(findings.map(({ level, id }) => `${level} ${id}`)).toEqual([
    "error secret.missing",
    "warning env-example.missing-keys",
    "info wiring.matcher-empty",
    "ok provider.ready",
  ]);
  expect(findings[0]!.fix).toBe("write one into .env with npx create-auth secret");
  expect(findings[3]!.fix).toBeUndefined();
  expect(problems(findings).map((finding) => finding.id)).toEqual(["secret.missing", "env-example.missing-keys"]);
});

const REMOVE = `Next.js 16.4.3 (App Router, src/, TypeScript, npm) at /tmp/app
Note: Kept, because you edited it after init: vendor/auth-runtime/core/pages/signout.js (on a terminal remove asks about each; --force deletes them).
Note: tsconfig.json, eslint.config.mjs, .prettierignore keep ignoring vendor/auth-runtime/: 1 edited file of it stays.
Note: Kept: auth-migrations/, auth.db (your users and sessions live in the database: remove never deletes data).

Plan:
  delete  src/auth.ts                              auth module (NextAuth config, providers)
`;

const TSCONFIG_DIFF = `diff --git a/tsconfig.json b/tsconfig.json
--- a/tsconfig.json
+++ b/tsconfig.json
@@ -33 +33 @@
-  "exclude": ["node_modules"]
+  "exclude": ["node_modules", "vendor/auth-runtime"]
`;

test("unexplainedDifferences accepts what remove's notes keep, and nothing its plan deletes", () => {
  const status = [
    "?? auth-migrations/0001_auth_tables.sql",
    "?? vendor/auth-runtime/core/pages/signout.js",
    "?? vendor/auth-runtime/MANIFEST.json",
    " M tsconfig.json",
    "?? src/auth.ts",
    " M .prettierignore",
    " M .gitignore",
    " M package.json",
  ].join("\n");
  const diffs: Record<string, string> = {
    "tsconfig.json": TSCONFIG_DIFF,
    ".gitignore": "@@ -27,0 +28,3 @@\n+\n+# the SQLite auth database: users and live sessions\n+auth.db*\n",
    ".prettierignore": "@@ -37,0 +38,3 @@\n+\n+# the auth runtime written by create-auth\n+vendor/auth-runtime\n",
    "package.json": '@@ -9 +9 @@\n-    "next": "16.4.3"\n+    "next": "16.4.3",\n+    "jose": "^6.2.17"\n',
  };
  expect(removeNotes(REMOVE)).not.toContain("src/auth.ts");
  expect(unexplainedDifferences(status, removeNotes(REMOVE), (file) => diffs[file] ?? "")).toEqual([
    "?? src/auth.ts",
    " M package.json",
  ]);
});

test("sameLockedRoot compares only what the lockfile records of the app itself", () => {
  const lock = (root: object, rest: object) => JSON.stringify({ packages: { "": root, ...rest } });
  const root = { name: "app", dependencies: { express: "4.16.4" } };
  expect(sameLockedRoot(lock(root, { "node_modules/yaml": {} }), lock(root, {}))).toBe(true);
  expect(sameLockedRoot(lock(root, {}), lock({ ...root, devDependencies: { "@types/node": "^22.13.0" } }, {}))).toBe(
    false,
  );
});
