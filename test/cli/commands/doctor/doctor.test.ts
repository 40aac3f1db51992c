// `auth doctor` on apps held in memory after an in-memory `init`: each finding in its bad case and its good
// case, through runDoctor as the command runs it (the disk-only checks, git history and real databases, are
// in doctor-disk.test.ts).
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { Finding } from "../../../../src/cli/checks/finding.js";
import { compareVersions, inRange, lowestAllowed } from "../../../../src/cli/commands/doctor/versions.js";
import { initFixture, type MemoryProject, memoryFixture, runInMemory } from "../../support.js";
import { byId, doctor } from "./support.js";

let base: MemoryProject;
const SECRET_LINE = /^AUTH_SECRET=.*$/m;

beforeAll(async () => {
  const { project, run } = await initFixture("next-app", [
    "--providers",
    "github,credentials",
    "--yes",
    "--no-install",
    "--db",
    "sqlite",
  ]);
  expect(run.status).toBe(0);
  base = project;
});

/** A fresh copy of the initialised app, with GitHub's keys filled so only what a test breaks is wrong. */
function app(): MemoryProject {
  const project = memoryFixture("next-app");
  project.files.clear();
  for (const [file, text] of base.files) project.files.set(file, text);
  project.write(
    ".env.local",
    project
      .read(".env.local")
      .replace("AUTH_GITHUB_ID=", "AUTH_GITHUB_ID=Iv1.abc")
      .replace("AUTH_GITHUB_SECRET=", "AUTH_GITHUB_SECRET=0123456789abcdef"),
  );
  return project;
}

const secretOf = (project: MemoryProject) =>
  SECRET_LINE.exec(project.read(".env.local"))![0].slice("AUTH_SECRET=".length);

describe("the secret", () => {
  test("a generated secret in the git-ignored env file passes, and its value is printed nowhere", async () => {
    const project = app();
    const run = await doctor(project);
    expect(run.ids).toEqual(expect.arrayContaining(["secret.strong", "secret.env-ignored"]));
    expect(run.findings.filter((f) => f.id.startsWith("secret.") && f.level !== "ok")).toEqual([]);
    expect(run.stdout).not.toContain(secretOf(project));
  });

  test("no AUTH_SECRET anywhere is an error, and exit 1", async () => {
    const project = app();
    project.write(".env.local", project.read(".env.local").replace(SECRET_LINE, ""));
    const run = await doctor(project);
    expect(run.status).toBe(1);
    expect(byId(run, "secret.missing")[0]).toMatchObject({ level: "error" });
    expect(byId(run, "secret.missing")[0]!.fix).toContain("npx create-auth secret");
  });

  test("the process environment's secret wins over the env file's", async () => {
    const project = app();
    project.write(".env.local", project.read(".env.local").replace(SECRET_LINE, "AUTH_SECRET=changeme"));
    const run = await doctor(project, {}, { AUTH_SECRET: "mJ8x2Qv_Lr0sT9wEbN4kYp7dZc1HfGu6-AoIaV3lXhS" });
    expect(byId(run, "secret.placeholder")).toEqual([]);
    expect(byId(run, "secret.strong")[0]!.message).toContain("from the environment");
  });

  test.each([
    "changeme",
    "secret",
    "your-secret-here",
    "<generate one>",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
  ])("the placeholder %j is an error naming the file, not the value", async (value) => {
    const project = app();
    project.write(".env.local", project.read(".env.local").replace(SECRET_LINE, `AUTH_SECRET="${value}"`));
    const run = await doctor(project);
    const [found] = byId(run, "secret.placeholder");
    expect(found).toMatchObject({ level: "error", file: ".env.local" });
    expect(found!.message).toBe(
      "AUTH_SECRET in .env.local is a placeholder, not a secret: anyone can forge sessions with it.",
    );
  });

  test("the value .env.example gives is a placeholder, however random it looks", async () => {
    const project = app();
    project.write(
      ".env.example",
      project.read(".env.example").replace(/^AUTH_SECRET=$/m, `AUTH_SECRET=${secretOf(project)}`),
    );
    const [found] = byId(await doctor(project), "secret.placeholder");
    expect(found!.message).toContain("the value .env.example gives");
    expect(found!.fix).toContain("leave AUTH_SECRET blank in .env.example");
  });

  test("a short secret is an error, a 160-bit one a warning", async () => {
    const project = app();
    project.write(".env.local", project.read(".env.local").replace(SECRET_LINE, "AUTH_SECRET=k3yb0ardCat!"));
    expect(byId(await doctor(project), "secret.weak")[0]).toMatchObject({ level: "error" });
    project.write(
      ".env.local",
      project.read(".env.local").replace(SECRET_LINE, `AUTH_SECRET=${"a1b2c3d4e5".repeat(4)}`),
    );
    const run = await doctor(project);
    expect(byId(run, "secret.short")[0]).toMatchObject({ level: "warning" });
    expect(run.status).toBe(0);
  });

  test("another env file the app loads that holds a credential must be ignored too", async () => {
    const project = app();
    project.write(".env", "AUTH_GITHUB_SECRET=0123456789abcdef\n");
    const [found] = byId(await doctor(project), "secret.env-not-ignored");
    expect(found).toMatchObject({ file: ".env" });
    expect(found!.message).toBe(
      ".env holds AUTH_GITHUB_SECRET and is not git-ignored: the next `git add .` commits it.",
    );
    // A committed .env with a SQLite URL (Prisma's default) holds no credential; a password in a URL is one.
    project.write(".env", 'DATABASE_URL="file:./dev.db"\n');
    expect(byId(await doctor(project), "secret.env-not-ignored")).toEqual([]);
    project.write(".env", "DATABASE_URL=postgres://app:hunter2@db.internal:5432/app\n");
    expect(byId(await doctor(project), "secret.env-not-ignored")[0]!.message).toContain(".env holds DATABASE_URL");
    project.write(".gitignore", `${project.read(".gitignore")}.env\n`);
    expect(byId(await doctor(project), "secret.env-ignored").map((f) => f.file)).toEqual([".env.local", ".env"]);
  });

  test("an env file .gitignore does not cover is an error", async () => {
    const project = app();
    project.write(".gitignore", project.read(".gitignore").replace(".env*.local", ""));
    const run = await doctor(project);
    expect(byId(run, "secret.env-not-ignored")[0]).toMatchObject({ level: "error", file: ".env.local" });
    expect(run.status).toBe(1);
  });
});

describe("AUTH_URL and host trust", () => {
  test("in production with no AUTH_URL and no trust, every request would fail with UntrustedHost", async () => {
    const run = await doctor(app(), { production: true });
    expect(byId(run, "url.untrusted-host")[0]).toMatchObject({ level: "error" });
    expect(run.status).toBe(1);
    // The same app in development: the runtime trusts the host (NODE_ENV is not production).
    expect(byId(await doctor(app()), "url.untrusted-host")).toEqual([]);
  });

  test("AUTH_TRUST_HOST, VERCEL or trustHost: true in the auth module make it a note", async () => {
    for (const env of [{ AUTH_TRUST_HOST: "true" }, { VERCEL: "1" }] as Record<string, string>[]) {
      const run = await doctor(app(), { production: true }, env);
      expect(byId(run, "url.untrusted-host")).toEqual([]);
      expect(byId(run, "url.trust-host")[0]).toMatchObject({ level: "info" });
    }
    const project = app();
    project.write("auth.ts", project.read("auth.ts").replace("  adapter:", "  trustHost: true,\n  adapter:"));
    expect(byId(await doctor(project, { production: true }), "url.trust-host")[0]).toMatchObject({ file: "auth.ts" });
    const run = await doctor(app(), { production: true }, { AUTH_TRUST_HOST: "false" });
    expect(byId(run, "url.untrusted-host")[0]!.message).toContain("AUTH_TRUST_HOST=false");
  });

  test("an http:// AUTH_URL for a public host in production is an error; https is fine", async () => {
    const insecure = await doctor(app(), { production: true }, { AUTH_URL: "http://notes.example.com" });
    expect(byId(insecure, "url.insecure")[0]!.fix).toContain("https://notes.example.com");
    expect(byId(insecure, "url.untrusted-host")).toEqual([]);
    const secure = await doctor(app(), { production: true }, { AUTH_URL: "https://notes.example.com" });
    expect(secure.ids).toContain("url.public");
    expect(secure.findings.filter((f) => f.id.startsWith("url.") && f.level !== "ok")).toEqual([]);
  });

  test("a localhost AUTH_URL in production, and a bad URL anywhere, are errors", async () => {
    expect(
      byId(await doctor(app(), { production: true }, { AUTH_URL: "http://localhost:3000" }), "url.localhost"),
    ).toHaveLength(1);
    expect(byId(await doctor(app(), {}, { AUTH_URL: "notes.example.com" }), "url.invalid")[0]).toMatchObject({
      level: "error",
    });
  });

  test("a public AUTH_URL on the development machine is a warning", async () => {
    const project = app();
    project.write(".env.local", `${project.read(".env.local")}AUTH_URL=https://notes.example.com\n`);
    expect(byId(await doctor(project), "url.not-local")[0]).toMatchObject({ level: "warning" });
    expect(byId(await doctor(app(), {}, { AUTH_URL: "http://localhost:3000" }), "url.not-local")).toEqual([]);
  });
});

describe("providers", () => {
  test("a provider whose keys are blank is an error with the callback URL to register", async () => {
    const run = await doctor(base);
    const [found] = byId(run, "provider.env-missing");
    expect(found!.message).toContain("AUTH_GITHUB_ID, AUTH_GITHUB_SECRET");
    expect(found!.fix).toContain("http://localhost:3000/api/auth/callback/github");
    expect(found!.file).toBe(".env.local");
  });

  test("filled keys pass and show the callback URL, AUTH_URL's in production", async () => {
    const dev = byId(await doctor(app()), "provider.ready").map((f) => f.message);
    expect(dev).toContain(
      "GitHub: AUTH_GITHUB_ID, AUTH_GITHUB_SECRET set; callback URL http://localhost:3000/api/auth/callback/github.",
    );
    // init's placeholder authorize lets nobody in yet: a note, not "ready" (doctor-credentials.test.ts).
    expect(byId(await doctor(app()), "provider.credentials-denies")).toHaveLength(1);
    const prod = await doctor(app(), { production: true }, { AUTH_URL: "https://notes.example.com" });
    expect(byId(prod, "provider.ready")[0]!.message).toContain("https://notes.example.com/api/auth/callback/github");
  });

  test("a provider's package missing from package.json is an error", async () => {
    const { project } = await initFixture("next-app", [
      "--providers",
      "nodemailer",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    expect(byId(await doctor(project), "provider.package-missing")).toEqual([]);
    delete pkg.dependencies["nodemailer"];
    project.write("package.json", JSON.stringify(pkg));
    expect(byId(await doctor(project), "provider.package-missing")[0]!.fix).toContain("npm install nodemailer@");
  });

  test("an auth module with no provider is a warning: nobody can sign in", async () => {
    const project = app();
    project.write(
      "auth.ts",
      project
        .read("auth.ts")
        .replace(/^import (GitHub|Credentials) from .*\n/gm, "")
        .replace(/providers: \[[\s\S]*\n {2}\],\n/, "providers: [],\n"),
    );
    const run = await doctor(project);
    expect(byId(run, "provider.none")).toEqual([
      expect.objectContaining({ level: "warning", file: "auth.ts", fix: expect.stringContaining("add-provider") }),
    ]);
    expect(byId(run, "provider.ready")).toEqual([]);
  });

  test("an app with no create-auth setup is told to run init", async () => {
    const run = await doctor(memoryFixture("next-app"));
    expect(byId(run, "setup.missing")[0]!.fix).toContain("create-auth init");
    expect(run.status).toBe(1);
  });
});

describe("the runtime package", () => {
  const dir = "vendor/auth-runtime";

  test("an edited file is a warning, a deleted one an error", async () => {
    const project = app();
    project.write(`${dir}/next.js`, `${project.read(`${dir}/next.js`)}\n// mine\n`);
    const changed = await doctor(project);
    expect(byId(changed, "runtime.file-changed")[0]!.message).toContain("next.js");
    expect(changed.ids).not.toContain("runtime.intact");
    project.remove(`${dir}/index.js`);
    expect(byId(await doctor(project), "runtime.file-missing")[0]).toMatchObject({ level: "error" });
  });

  test("a missing manifest, a missing folder and an older version are each said", async () => {
    const project = app();
    const manifest = JSON.parse(project.read(`${dir}/MANIFEST.json`)) as { version: string };
    project.write(`${dir}/MANIFEST.json`, JSON.stringify({ ...manifest, version: "0.0.1" }));
    expect(byId(await doctor(project), "runtime.outdated")[0]!.message).toContain("0.0.1");
    project.remove(`${dir}/MANIFEST.json`);
    expect(byId(await doctor(project), "runtime.manifest-missing")[0]).toMatchObject({ level: "error" });
    project.write(
      `${dir}/MANIFEST.json`,
      JSON.stringify({ ...manifest, files: { "../../package.json": "0".repeat(64) } }),
    );
    const [outside] = byId(await doctor(project), "runtime.manifest-missing");
    expect(outside!.message).toContain('lists "../../package.json", which is not a file inside vendor/auth-runtime');
    project.rename(dir, "elsewhere");
    expect(byId(await doctor(project), "runtime.missing")[0]).toMatchObject({ level: "error" });
  });

  test("a package newer than this CLI is a note sending to the newer CLI, not an error", async () => {
    const project = app();
    const manifest = JSON.parse(project.read(`${dir}/MANIFEST.json`)) as { version: string };
    const [major, minor] = manifest.version.split(".").map(Number) as [number, number];
    project.write(`${dir}/MANIFEST.json`, JSON.stringify({ ...manifest, version: `${major}.${minor + 1}.0` }));
    const run = await doctor(project);
    expect(byId(run, "runtime.newer")[0]).toMatchObject({
      level: "info",
      message: expect.stringContaining(`${major}.${minor + 1}.0, newer than this CLI`),
      fix: "run the CLI it came from: npx create-auth@latest doctor",
    });
    expect(run.ids).not.toContain("runtime.outdated");
    // A pre-release of this CLI's version comes before it (SemVer §11): older, not newer.
    project.write(`${dir}/MANIFEST.json`, JSON.stringify({ ...manifest, version: `${manifest.version}-rc.1` }));
    expect((await doctor(project)).ids).toContain("runtime.outdated");
  });

  test("the runtime's peers missing from package.json are an error", async () => {
    const project = app();
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    delete pkg.dependencies["oauth4webapi"];
    project.write("package.json", JSON.stringify(pkg));
    expect(byId(await doctor(project), "runtime.peer-missing")[0]!.message).toContain("oauth4webapi");
  });

  test("jose is not asked for: the runtime no longer imports it", async () => {
    const project = app();
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies["jose"]).toBeUndefined();
    expect((await doctor(project)).ids).not.toContain("runtime.peer-missing");
  });
});

describe("known-vulnerable packages", () => {
  const withPackage = (name: string, version: string) => {
    const project = app();
    project.write(`node_modules/${name}/package.json`, JSON.stringify({ name, version }));
    return project;
  };

  test("an installed Next.js inside CVE-2025-29927's ranges is an error naming the fixed version", async () => {
    for (const [version, fixed] of [
      ["15.2.2", "15.2.3"],
      ["14.2.24", "14.2.25"],
      ["13.4.0", "13.5.9"],
      ["12.1.0", "12.3.5"],
    ]) {
      const [found] = byId(await doctor(withPackage("next", version!)), "advisory.GHSA-f82v-jwr5-mffw");
      expect(found).toMatchObject({ level: "error", file: "node_modules/next/package.json" });
      expect(found!.fix).toContain(`next@^${fixed}`);
    }
    for (const version of ["15.2.3", "14.2.25", "13.5.9", "12.3.5", "16.0.0", "11.1.3"]) {
      expect(byId(await doctor(withPackage("next", version)), "advisory.GHSA-f82v-jwr5-mffw")).toEqual([]);
    }
  });

  test("a declared range whose lowest version is affected, not installed, is a warning", async () => {
    const project = app();
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    project.write("package.json", JSON.stringify({ ...pkg, dependencies: { ...pkg.dependencies, next: "^15.1.0" } }));
    expect(byId(await doctor(project), "advisory.GHSA-f82v-jwr5-mffw")[0]).toMatchObject({ level: "warning" });
  });

  test("next-auth and @auth/core betas and releases are matched against their own advisories", async () => {
    const beta = await doctor(withPackage("next-auth", "5.0.0-beta.29"));
    expect(beta.ids).toEqual(
      expect.arrayContaining([
        "advisory.GHSA-5jpx-9hw9-2fx4",
        "advisory.GHSA-7rqj-j65f-68wh",
        "advisory.GHSA-8fpg-xm3f-6cx3",
      ]),
    );
    const fixedBeta = await doctor(withPackage("next-auth", "5.0.0-beta.32"));
    expect(fixedBeta.ids.filter((id) => id.startsWith("advisory.GHSA"))).toEqual([]);
    const v4 = await doctor(withPackage("next-auth", "4.24.11"));
    expect(v4.ids).toEqual(expect.arrayContaining(["advisory.GHSA-5jpx-9hw9-2fx4", "advisory.GHSA-7rqj-j65f-68wh"]));
    expect(v4.ids).not.toContain("advisory.GHSA-8fpg-xm3f-6cx3");
    const core = await doctor(withPackage("@auth/core", "0.41.2"));
    expect(core.ids).toEqual(expect.arrayContaining(["advisory.GHSA-x445-f3h2-j279", "advisory.GHSA-xmf8-cvqr-rfgj"]));
    expect(byId(await doctor(withPackage("@auth/core", "0.41.3")), "advisory.none")).toHaveLength(1);
    expect(byId(await doctor(withPackage("next-auth", "4.24.4")), "advisory.GHSA-v64w-49xw-qq89")).toHaveLength(1);
    expect(byId(await doctor(withPackage("next-auth", "4.24.5")), "advisory.GHSA-v64w-49xw-qq89")).toEqual([]);
  });

  test("versions compare by SemVer precedence, pre-releases included", () => {
    expect(compareVersions("5.0.0-beta.9", "5.0.0-beta.30")).toBeLessThan(0);
    expect(compareVersions("5.0.0-beta.30", "5.0.0")).toBeLessThan(0);
    expect(compareVersions("5.0.0-alpha", "5.0.0-beta")).toBeLessThan(0);
    expect(compareVersions("5.0.0-1", "5.0.0-alpha")).toBeLessThan(0);
    expect(compareVersions("14.2.25", "14.2.3")).toBeGreaterThan(0);
    expect(inRange("4.24.12", { introduced: "0.0.0", fixed: "4.24.12" })).toBe(false);
    expect(inRange("5.0.0-beta.29", { introduced: "0.0.0", fixed: "4.24.12" })).toBe(false);
    expect(lowestAllowed("^15.1.0")).toBe("15.1.0");
    expect(lowestAllowed("latest")).toBeNull();
    expect(lowestAllowed(">=14 <16")).toBeNull();
  });
});

describe("wiring", () => {
  const authorized = (project: MemoryProject) =>
    project.write(
      "auth.ts",
      project
        .read("auth.ts")
        .replace("  adapter:", "  callbacks: { authorized: ({ auth }) => Boolean(auth) },\n  adapter:"),
    );

  test("an empty matcher is a note, and an error when the auth module's authorized callback relies on it", async () => {
    const project = app();
    expect(byId(await doctor(project), "wiring.matcher-empty")[0]).toMatchObject({ level: "info", file: "proxy.ts" });
    authorized(project);
    expect(byId(await doctor(project), "wiring.matcher-empty")[0]).toMatchObject({ level: "error" });
    project.write("proxy.ts", project.read("proxy.ts").replace("matcher: []", 'matcher: ["/dashboard/:path*"]'));
    const run = await doctor(project);
    expect(byId(run, "wiring.matcher-empty")).toEqual([]);
    expect(byId(run, "wiring.proxy")[0]!.message).toContain("the paths its matcher lists");
  });

  test("an authorized callback with no proxy running auth is an error", async () => {
    const project = app();
    authorized(project);
    project.remove("proxy.ts");
    expect(byId(await doctor(project), "wiring.authorized-unused")[0]).toMatchObject({ level: "error" });
    project.write("proxy.ts", 'export function proxy() {}\nexport const config = { matcher: ["/x"] };\n');
    expect(byId(await doctor(project), "wiring.authorized-unused")[0]!.message).toContain("proxy.ts does not run auth");
  });

  test(".env.example missing, or missing a key the env file sets, is a warning", async () => {
    const project = app();
    expect(byId(await doctor(project), "env-example.complete")).toHaveLength(1);
    project.write(".env.example", project.read(".env.example").replace("AUTH_GITHUB_SECRET=\n", ""));
    expect(byId(await doctor(project), "env-example.missing-keys")[0]!.message).toContain("AUTH_GITHUB_SECRET");
    project.remove(".env.example");
    expect(byId(await doctor(project), "env-example.missing")[0]).toMatchObject({ level: "warning" });
  });
});

test("the human report groups findings by level, each [id] message — fix, and ends with the counts", async () => {
  const run = await doctor(base, { production: true });
  const lines = run.stdout.split("\n");
  expect(lines[0]).toBe(`Checked ${base.root} as deployed (--production).`);
  expect(lines.indexOf("Errors:")).toBeLessThan(lines.indexOf("OK:"));
  expect(run.stdout).toMatch(/^ {2}\[url\.untrusted-host\] No AUTH_URL.* — set AUTH_URL/m);
  const errors = run.findings.filter((f) => f.level === "error").length;
  expect(lines.at(-2)).toMatch(new RegExp(`^${errors} errors?, \\d+ warnings?, \\d+ notes?, \\d+ checks? passed\\.$`));
  expect(run.status).toBe(1);
});

describe("every framework", () => {
  test.each([
    "next-16-src",
    "next-15-app",
    "sveltekit-2",
    "sveltekit-3",
    "express-5-ts",
    "express-4-js",
    "solid-start-2",
    "qwik-city-1",
  ])("%s just after init --providers credentials has no error and no warning", async (fixture) => {
    const { project, run } = await initFixture(fixture, ["--providers", "credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const result = await doctor(project);
    expect(result.findings.filter((f) => f.level === "error" || f.level === "warning")).toEqual([]);
    expect(result.ids).toEqual(
      expect.arrayContaining(["secret.strong", "secret.env-ignored", "runtime.intact", "provider.credentials-denies"]),
    );
    expect(result.status).toBe(0);
  });
});

describe("framework wiring", () => {
  test("SvelteKit hooks that do not run the auth handle are an error", async () => {
    const { project } = await initFixture("sveltekit-2", ["--providers", "credentials", "--yes", "--no-install"]);
    const hooks = project.has("src/hooks.server.ts") ? "src/hooks.server.ts" : "src/hooks.server.js";
    expect((await doctor(project)).ids).toContain("wiring.hooks");
    project.write(hooks, "export const handle = async ({ event, resolve }) => resolve(event);\n");
    expect(byId(await doctor(project), "wiring.hooks-missing-handle")[0]).toMatchObject({
      level: "error",
      file: hooks,
    });
    project.remove(hooks);
    expect(byId(await doctor(project), "wiring.hooks-missing-handle")[0]!.fix).toContain(
      'export { handle } from "./auth"',
    );
  });

  test("an Express app that never mounts ExpressAuth is an error", async () => {
    const { project } = await initFixture("express-5-ts", ["--providers", "credentials", "--yes", "--no-install"]);
    const ok = await doctor(project);
    const [mounted] = byId(ok, "wiring.express");
    expect(mounted).toBeDefined();
    const appFile = mounted!.file!;
    project.write(appFile, project.read(appFile).replace(/^.*ExpressAuth\(.*$/m, ""));
    expect(byId(await doctor(project), "wiring.express-not-mounted")[0]).toMatchObject({
      level: "error",
      file: appFile,
    });
  });
});

describe("as typed", () => {
  test("`doctor <dir> --production --json` prints the one object, judged as deployed", async () => {
    const run = await runInMemory(base, ["doctor", base.root, "--production", "--json"], { bin: "auth" });
    const report = JSON.parse(run.stdout) as { ok: boolean; production: boolean; findings: Finding[] };
    expect(report).toMatchObject({ ok: false, production: true });
    expect(report.findings.map((f) => f.id)).toContain("url.untrusted-host");
    for (const f of report.findings) expect(Object.keys(f)).toEqual(expect.arrayContaining(["id", "level", "message"]));
  });

  test("a folder that is not an app is one line and exit 1", async () => {
    const project = memoryFixture("next-app");
    const run = await runInMemory(project, ["doctor", path.join(project.root, "app")], { bin: "auth" });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});
