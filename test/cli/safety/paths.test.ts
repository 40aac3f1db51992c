/**
 * No command writes or deletes anything outside the project, whatever it reads: flags (--runtime-dir,
 * --out), the project's config (drizzle.config `schema`/`out`, prisma.config `schema`, package.json
 * `prisma.schema` and its runtime `file:` link), the runtime package's MANIFEST.json (read by update, remove
 * and doctor), and symlinks in the project (`src`, `vendor`, the runtime folder, a folder inside it, `.env`,
 * the auth module) that lead out. fast-check draws the hostile values; each command runs in process on a
 * real disk copy of a fixture, beside an `outside` folder every hostile value aims at, and:
 * - the `outside` folder is byte for byte what it was (nothing written, deleted or renamed there);
 * - the command either exits 0 having planned around the value, or fails in one line (no stack trace,
 *   no "unexpected error"), and leaves no temp, backup or journal in the project.
 * A symlinked `.env` is refused naming it: create-auth writes no file through a link (apply/apply.ts).
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { removeTemps, repoRoot, tempDir } from "../support.js";
import { runOnDisk } from "../support-disk.js";

afterAll(removeTemps, 120_000);

const VICTIM = "a file outside the app that no command may touch\n";
const RUNS = Number(process.env["SAFETY_RUNS"] ?? 6);

/** Every path under `dir` (links not followed) with what it holds. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) out[rel] = `link ${readlinkSync(path.join(dir, rel))}`;
      else if (entry.isDirectory()) {
        out[rel] = "folder";
        walk(rel);
      } else
        out[rel] = createHash("sha256")
          .update(readFileSync(path.join(dir, rel)))
          .digest("hex");
    }
  };
  walk("");
  return out;
}

const fixture = (name: string) => path.join(repoRoot, "test/fixtures", name);

interface Place {
  app: string;
  outside: string;
}

/** A fresh `app` (a copy of `source`) beside an `outside` folder holding the files hostile values aim at. */
function place(source: string): Place {
  const base = tempDir("safety-paths");
  const app = path.join(base, "app");
  const outside = path.join(base, "outside");
  cpSync(source, app, { recursive: true });
  mkdirSync(path.join(outside, "sub"), { recursive: true });
  for (const name of ["victim.txt", "x.ts", ".env", "sub/y.ts"]) writeFileSync(path.join(outside, name), VICTIM);
  // Real schemas, so a config naming them gets as far as planning an edit of them.
  cpSync(fixture("orm-drizzle-next/src/db/schema.ts"), path.join(outside, "schema.ts"));
  cpSync(fixture("orm-prisma-express/prisma/schema.prisma"), path.join(outside, "schema.prisma"));
  symlinkSync(outside, path.join(app, "link-out"));
  return { app, outside };
}

/**
 * A path leading from the app (or from a folder `depth` levels inside it) into `outside`; `{outside}` stands
 * for that folder's absolute path, filled in by `aim` once the place exists.
 */
function hostilePath(
  depth = 0,
  names = ["victim.txt", "x.ts", "schema.ts", "schema.prisma", "sub/y.ts", "new.ts"],
): fc.Arbitrary<string> {
  const up = "../".repeat(depth);
  return fc
    .tuple(
      fc.constantFrom(
        `${up}../outside`,
        `./${up}../outside`,
        `${up}src/../../outside`,
        `${up}link-out`,
        `${up}link-out/sub`,
        "{outside}",
        `${up}link-out/new-folder`,
      ),
      fc.constantFrom(...names),
    )
    .map(([folder, name]) => `${folder}/${name}`);
}

const aim = (value: string, where: Place) => value.replaceAll("{outside}", where.outside);

/** What each test's runs answered (exit code and the refusal's first words), printed for the record. */
const answers = new Map<string, number>();

/** What every hostile run must show, whatever the command answered. */
async function holds(where: Place, argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const outsideBefore = snapshot(where.outside);
  const result = await runOnDisk(argv, { cwd: where.app, env: process.env });
  const said = `${argv[0]} exit ${result.status}: ${result.stderr.replaceAll(where.app, "<app>").slice(13, 70)}`;
  answers.set(said, (answers.get(said) ?? 0) + 1);
  expect(snapshot(where.outside), `${argv.join(" ")}: ${result.stderr}`).toEqual(outsideBefore);
  expect(Object.keys(snapshot(where.app)).filter((file) => file.includes(".create-auth-"))).toEqual([]);
  expect(`${result.stdout}${result.stderr}`).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toContain("unexpected error");
  // A failure is one line on stderr; doctor's "something is wrong" is its findings on stdout instead.
  if (result.stderr !== "") expect(result.stderr).toMatch(/^create-auth: [^\n]+\n$/);
  if (result.status !== 0 && result.stderr === "")
    expect([argv[0], result.stdout]).toEqual(["doctor", expect.any(String)]);
  return result;
}

afterAll(() => {
  console.info([...answers].map(([said, count]) => `${count} × ${said}`).join("\n"));
});

const INIT = ["--providers", "credentials", "--yes", "--no-install"];
let initialized: string;
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

beforeAll(async () => {
  const { app } = place(fixture("express-5-ts"));
  rmSync(path.join(app, "link-out"));
  expect(
    (
      await runOnDisk(["init", app, "--providers", "credentials,github", "--yes", "--no-install"], {
        cwd: app,
        env: process.env,
      })
    ).status,
  ).toBe(0);
  initialized = app;
});

/** The runtime package's manifest with `extra` files listed as create-auth's own (their hashes made to match). */
function poisonManifest(app: string, runtimeDir: string, extra: string[]): void {
  const file = path.join(app, runtimeDir, "MANIFEST.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { files: Record<string, string> };
  for (const name of extra) manifest.files[name] = sha(VICTIM);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A manifest entry naming a file outside, as a path from the runtime folder (two levels inside the app). */
const hostileEntry = fc.oneof(
  hostilePath(2),
  fc.constant("evil/victim.txt"), // a plain path, through a link the runtime folder holds
  fc.constant("core/../../../../outside/victim.txt"),
);

/** Runs `property` on RUNS hostile values, each on a fresh place made from `source`. */
async function hostile<T>(
  source: () => string,
  values: fc.Arbitrary<T>,
  property: (where: Place, value: T) => Promise<void>,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(values, async (value) => property(place(source()), value)),
    { numRuns: RUNS },
  );
}

describe("hostile flags", () => {
  test("init --runtime-dir leading out is refused", async () => {
    await hostile(
      () => fixture("express-5-ts"),
      hostilePath().map((value) => path.posix.dirname(value)),
      async (where, value) => {
        const result = await holds(where, ["init", where.app, "--runtime-dir", aim(value, where), ...INIT]);
        expect(result.status, value).not.toBe(0);
      },
    );
  });

  test("generate --out leading out is refused", async () => {
    await hostile(
      () => fixture("orm-drizzle-next"),
      hostilePath(),
      async (where, value) => {
        const result = await holds(where, ["generate", where.app, "--out", aim(value, where), "--yes"]);
        expect(result.status, value).not.toBe(0);
      },
    );
  });
});

/** Replaces `"key": "…"` or `key: "…"` (the first one) in a config file with `value`. */
function setConfig(where: Place, file: string, pattern: RegExp, value: string): void {
  const full = path.join(where.app, file);
  const text = readFileSync(full, "utf8");
  expect(text).toMatch(pattern);
  writeFileSync(
    full,
    text.replace(pattern, (_, key: string) => `${key}${JSON.stringify(value)}`),
  );
}

describe("hostile config values", () => {
  test("drizzle.config `schema` and `out`", async () => {
    await hostile(
      () => fixture("orm-drizzle-next"),
      fc.tuple(hostilePath(0, ["schema.ts", "new.ts"]), fc.boolean()),
      async (where, [value, inOut]) => {
        if (inOut) setConfig(where, "drizzle.config.ts", /(out: )"[^"]*"/, path.posix.dirname(aim(value, where)));
        else setConfig(where, "drizzle.config.ts", /(schema: )"[^"]*"/, aim(value, where));
        await holds(where, ["generate", where.app, "--yes"]);
      },
    );
  });

  test("prisma.config `schema`", async () => {
    await hostile(
      () => fixture("orm-prisma-express"),
      hostilePath(0, ["schema.prisma", "new.prisma"]),
      async (where, value) => {
        setConfig(where, "prisma.config.ts", /(schema: )"[^"]*"/, aim(value, where));
        await holds(where, ["generate", where.app, "--yes"]);
      },
    );
  });

  test("package.json `prisma.schema`", async () => {
    await hostile(
      () => fixture("orm-prisma-express"),
      hostilePath(0, ["schema.prisma", "new.prisma"]),
      async (where, value) => {
        rmSync(path.join(where.app, "prisma.config.ts"));
        const file = path.join(where.app, "package.json");
        const pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
        writeFileSync(file, `${JSON.stringify({ ...pkg, prisma: { schema: aim(value, where) } }, null, 2)}\n`);
        await holds(where, ["generate", where.app, "--yes"]);
      },
    );
  });

  test("package.json's runtime link (`file:`) read by update, remove and doctor", async () => {
    await hostile(
      () => initialized,
      fc.tuple(hostilePath(), fc.constantFrom("update", "remove", "doctor")),
      async (where, [value, command]) => {
        setConfig(
          where,
          "package.json",
          /("@create-auth\/runtime": )"[^"]*"/,
          `file:${path.posix.dirname(aim(value, where))}`,
        );
        await holds(where, [command, where.app, ...(command === "doctor" ? [] : ["--yes", "--no-install"])]);
      },
    );
  });
});

describe("a hostile runtime manifest", () => {
  test("files listed outside the runtime folder are neither written nor deleted by update, remove or doctor", async () => {
    await hostile(
      () => initialized,
      fc.tuple(fc.array(hostileEntry, { minLength: 1, maxLength: 3 }), fc.constantFrom("update", "remove", "doctor")),
      async (where, [entries, command]) => {
        symlinkSync(where.outside, path.join(where.app, "vendor/auth-runtime/evil"));
        poisonManifest(
          where.app,
          "vendor/auth-runtime",
          entries.map((entry) => aim(entry, where)),
        );
        await holds(where, [command, where.app, ...(command === "doctor" ? [] : ["--yes", "--no-install"])]);
      },
    );
  });

  test("update on an older runtime whose manifest lists files outside", async () => {
    await hostile(
      () => fixture("update-older-next"),
      fc.array(hostileEntry, { minLength: 1, maxLength: 3 }),
      async (where, entries) => {
        symlinkSync(where.outside, path.join(where.app, "vendor/auth-runtime/evil"));
        poisonManifest(
          where.app,
          "vendor/auth-runtime",
          entries.map((entry) => aim(entry, where)),
        );
        await holds(where, ["update", where.app, "--yes", "--no-install"]);
      },
    );
  });
});

/** Moves `rel` (if the app has it) to `outside`, leaving a symlink to it (dangling when there was nothing). */
function linkOut(where: Place, rel: string): void {
  const inApp = path.join(where.app, rel);
  const moved = path.join(where.outside, `moved-${rel.replaceAll("/", "-")}`);
  try {
    renameSync(inApp, moved);
  } catch {
    // Not there: the link dangles, and writing through it would create its target outside.
  }
  mkdirSync(path.dirname(inApp), { recursive: true });
  symlinkSync(moved, inApp);
}

const LINKED = fc.constantFrom(
  "src",
  "src/auth.ts",
  ".env",
  "vendor",
  "vendor/auth-runtime",
  "vendor/auth-runtime/core",
  "package.json",
);

describe("symlinks in the project that lead out", () => {
  test("init, add-provider, remove-provider, update and remove write nothing through them", async () => {
    await hostile(
      () => initialized,
      fc.tuple(LINKED, fc.constantFrom("init", "add-provider", "remove-provider", "update", "remove")),
      async (where, [linked, command]) => {
        const app = command === "init" ? place(fixture("express-5-ts")) : where;
        linkOut(app, linked);
        const argv = {
          init: ["init", app.app, ...INIT],
          "add-provider": ["add-provider", "google", app.app, "--yes", "--no-install"],
          "remove-provider": ["remove-provider", "github", app.app, "--yes", "--no-install"],
          update: ["update", app.app, "--yes", "--no-install"],
          remove: ["remove", app.app, "--yes", "--no-install"],
        }[command];
        await holds(app, argv);
      },
    );
  });

  test("a symlinked .env is refused, naming it", async () => {
    const where = place(fixture("express-5-ts"));
    linkOut(where, ".env");
    const result = await holds(where, ["init", where.app, ...INIT]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refused to write .env: it is a symbolic link");
  });
});
