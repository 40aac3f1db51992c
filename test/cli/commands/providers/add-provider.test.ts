/**
 * `auth add-provider <id> [dir]` as users type it, in memory on every framework's fixture after init: the
 * plan and its diffs (snapshotted), the auth module init itself writes for the same providers (the provider's
 * code has one source), env keys and placeholders, the runtime package's new entry, the callback URL, and
 * the refusals (unknown id, email/passkeys without a database, no setup). The black-box runs of the built CLI
 * are in add-provider-cli.test.ts.
 */
import { describe, expect, it } from "vitest";
import { scriptPort } from "../../../../src/cli/commands/providers/callback-url.js";
import { providerTable } from "../../../../src/cli/database/provider-tables.js";
import { PROVIDERS } from "../../../../src/cli/providers/catalog.js";
import { type CliRun, initFixture, type MemoryProject, memoryFixture, runInMemory, stable } from "../../support.js";

const RUNTIME = "vendor/auth-runtime";

/**
 * The module add-provider wrote is the one init writes, line for line, but for where a new module's named
 * import goes (SvelteKit's env, the email normaliser): just above the provider imports, where some templates
 * have it first. Every import the same, everything else byte for byte.
 */
function expectSameModule(added: string, initialised: string): void {
  const imports = (text: string) => text.split("\n").filter((line) => line.startsWith("import "));
  const rest = (text: string) =>
    text
      .split("\n")
      .filter((line) => !line.startsWith("import "))
      .join("\n");
  expect(imports(added).sort()).toEqual(imports(initialised).sort());
  expect(rest(added)).toBe(rest(initialised));
}

function addProvider(project: MemoryProject, args: string[]): Promise<CliRun> {
  return runInMemory(project, ["add-provider", ...args.slice(0, 1), project.root, ...args.slice(1)], { bin: "auth" });
}

const FRAMEWORKS = [
  { fixture: "next-app", auth: "auth.ts", env: ".env.local", callback: "http://localhost:3000/api/auth/callback/oidc" },
  {
    fixture: "next-16-pages",
    auth: "auth.ts",
    env: ".env.local",
    callback: "http://localhost:3000/api/auth/callback/oidc",
  },
  { fixture: "sveltekit-2", auth: "src/auth.ts", env: ".env", callback: "http://localhost:5173/auth/callback/oidc" },
  { fixture: "sveltekit-3", auth: "src/auth.ts", env: ".env", callback: "http://localhost:5173/auth/callback/oidc" },
  { fixture: "express-4-js", auth: "auth.js", env: ".env", callback: "http://localhost:3000/auth/callback/oidc" },
  { fixture: "express-5-ts", auth: "src/auth.ts", env: ".env", callback: "http://localhost:3000/auth/callback/oidc" },
  {
    fixture: "solid-start-1",
    auth: "src/auth.ts",
    env: ".env",
    callback: "http://localhost:3000/api/auth/callback/oidc",
  },
  {
    fixture: "solid-start-2",
    auth: "src/auth.ts",
    env: ".env",
    callback: "http://localhost:3000/api/auth/callback/oidc",
  },
  {
    fixture: "qwik-city-1",
    auth: "src/routes/plugin@auth.ts",
    env: ".env",
    callback: "http://localhost:5173/auth/callback/oidc",
  },
];

describe.each(FRAMEWORKS)("add-provider oidc on $fixture set up with init --providers credentials", (framework) => {
  const { fixture, auth, env, callback } = framework;
  const setUp = () => initFixture(fixture, ["--providers", "credentials", "--yes", "--no-install"]);

  it("--dry-run prints the plan and its diffs with every env value hidden, and writes nothing", async () => {
    const { project } = await setUp();
    const before = project.hash();
    const run = await addProvider(project, ["oidc", "--dry-run"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(project.hash()).toBe(before);
    const secret = /AUTH_SECRET=(.+)/.exec(project.read(env))![1]!;
    expect(run.stdout).not.toContain(secret);
    expect(run.stdout).toContain(" AUTH_SECRET=<hidden>");
    expect(run.stdout).toContain("Dry run: nothing was written.");
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(
      `__snapshots__/add-provider-${fixture}/dry-run.txt`,
    );
  });

  it("writes the auth module init writes for credentials,oidc: the provider's code has one source", async () => {
    const { project } = await setUp();
    const run = await addProvider(project, ["oidc", "--yes", "--no-install"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const { project: both } = await initFixture(fixture, ["--providers", "credentials,oidc", "--yes", "--no-install"]);
    expect(project.read(auth)).toBe(both.read(auth));
    // The runtime package, package.json and the app's own files match too; only the env files' comments differ.
    const differing = [...both.files.keys()].filter((file) => both.files.get(file) !== project.files.get(file));
    expect(differing.sort()).toEqual([".env.example", env].sort());
  });

  it("adds the blank keys, their placeholders and the runtime's ./providers/oidc, and prints the callback URL", async () => {
    const { project } = await setUp();
    const run = await addProvider(project, ["oidc", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const block =
      "# OIDC sign-in (added by create-auth add-provider oidc)\nAUTH_OIDC_ID=\nAUTH_OIDC_SECRET=\n# Your identity provider's issuer URL, e.g. https://id.example.com\nAUTH_OIDC_ISSUER=\n";
    expect(project.read(env)).toContain(`\n\n${block}`);
    expect(project.read(".env.example").endsWith(`\n\n${block}`)).toBe(true);
    const pkg = JSON.parse(project.read(`${RUNTIME}/package.json`)) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(["./providers/oidc", "./providers/credentials"]));
    expect(project.has(`${RUNTIME}/providers/oidc.js`)).toBe(true);
    expect(run.stdout).toContain(`Callback URL to register with OIDC: ${callback}, at `);
    expect(run.stdout).toContain(`with callback URL ${callback}`);
  });

  it("a second run is a no-op that says so", async () => {
    const { project } = await setUp();
    await addProvider(project, ["oidc", "--yes", "--no-install"]);
    const before = project.hash();
    const again = await addProvider(project, ["oidc", "--yes", "--no-install"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`OIDC is already in ${auth}: nothing to do.`);
    expect(project.hash()).toBe(before);
  });
});

describe("add-provider --json", () => {
  it("prints one object: the project, the provider, the callback URL, the plan, the outcome and the next steps", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    const run = await addProvider(project, ["github", "--yes", "--no-install", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as {
      ok: boolean;
      command: string;
      dryRun: boolean;
      project: { framework: { id: string }; authModule: string; runtimeDir: string };
      provider: { id: string; kind: string };
      alreadyConfigured: boolean;
      callbackUrl: string;
      manual: null;
      plan: { changes: { path: string; kind: string }[] };
      outcome: { applied: boolean; install: string; changed: string[] };
      nextSteps: string[];
    };
    expect(result).toMatchObject({
      ok: true,
      command: "add-provider",
      dryRun: false,
      project: { framework: { id: "next" }, authModule: "auth.ts", runtimeDir: RUNTIME },
      provider: { id: "github", kind: "oauth" },
      alreadyConfigured: false,
      callbackUrl: "http://localhost:3000/api/auth/callback/github",
      manual: null,
      outcome: { applied: true, install: "not-needed" },
    });
    expect(result.plan.changes.map((change) => change.path).slice(0, 3)).toEqual([
      "auth.ts",
      ".env.local",
      ".env.example",
    ]);
    expect(result.outcome.changed).toContain("auth.ts");
    expect(result.nextSteps[0]).toContain("callback URL http://localhost:3000/api/auth/callback/github");
  });
});

describe("add-provider refuses, in one line, writing nothing", () => {
  it("an unknown id, naming the close matches: a usage error (exit 2), as init's --providers", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    const before = project.hash();
    const run = await addProvider(project, ["githb"]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe('auth: Unknown provider "githb" for add-provider: did you mean github?\n');
    const far = await addProvider(project, ["myspace"]);
    expect(far.status).toBe(2);
    expect(far.stderr).toMatch(
      /^auth: Unknown provider "myspace" for add-provider: the providers are github, google, oidc, /,
    );
    expect(far.stderr.trim().split("\n")).toHaveLength(1);
    const json = await addProvider(project, ["githb", "--json"]);
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      error: { code: "InvalidOption", message: 'Unknown provider "githb" for add-provider: did you mean github?' },
    });
    expect(project.hash()).toBe(before);
  });

  it.each(["passkey", "email"])("%s without a database adapter, saying what to run instead", async (id) => {
    const { project } = await initFixture("sveltekit-2", ["--providers", "github", "--yes", "--no-install"]);
    const before = project.hash();
    const run = await addProvider(project, [id, "--yes", "--no-install"]);
    expect(run.status).toBe(1);
    const provider = id === "email" ? "nodemailer" : "passkey";
    expect(run.stderr).toContain("src/auth.ts configures no adapter");
    expect(run.stderr).toContain(`npx create-auth init --db sqlite --providers github,${provider}`);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(project.hash()).toBe(before);
  });

  it("an app init has not set up, naming init", async () => {
    const project = memoryFixture("next-app");
    const before = project.hash();
    const run = await addProvider(project, ["github", "--yes"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /has no create-auth setup .*: run npx create-auth init there first, then add-provider github\.\n$/,
    );
    expect(project.hash()).toBe(before);
  });
});

describe("add-provider email and passkey on an app with a database", () => {
  it("email is nodemailer: the entry reads its options from the environment and package.json gains nodemailer", async () => {
    const { project, run: init } = await initFixture("next-app", [
      ...["--providers", "github", "--db", "sqlite", "--strategy", "database", "--yes", "--no-install"],
    ]);
    expect(init.status).toBe(0);
    const run = await addProvider(project, ["email", "--yes", "--no-install"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(project.read("auth.ts")).toContain(
      "    Nodemailer({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }),\n",
    );
    expect(project.read(".env.local")).toContain(
      "\n# Your SMTP relay as a URL with its login: smtp://user:password@smtp.example.com:587 (smtps:// for port 465)\nEMAIL_SERVER=\n# The address every mail of the app is sent from, e.g. Example <no-reply@example.com>, one your mail service accepts\nEMAIL_FROM=\n",
    );
    expect(JSON.parse(project.read("package.json")).dependencies.nodemailer).toBe("^8.0.11");
    expect(run.stdout).toContain("Install dependencies: npm install --no-audit --no-fund");
    expect(run.stdout).toContain("set EMAIL_SERVER in .env.local to your mail relay's SMTP URL");
  });

  it("passkey opts the config in to WebAuthn and adds @simplewebauthn/server", async () => {
    const { project, run: init } = await initFixture("sveltekit-2", [
      ...["--providers", "github", "--db", "sqlite", "--strategy", "database", "--yes", "--no-install"],
    ]);
    expect(init.status).toBe(0);
    const run = await addProvider(project, ["passkey", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const config = project.read("src/auth.ts");
    expect(config).toContain("  experimental: { enableWebAuthn: true },\n");
    expect(config).toContain("    Passkey(),\n");
    expect(JSON.parse(project.read("package.json")).dependencies["@simplewebauthn/server"]).toBe("^14.0.3");
    expect(run.stdout).toContain("passkeys work only in a secure context");
  });
});

describe("add-provider finds the app the way it runs", () => {
  it("the callback URL has the dev script's port and SvelteKit's paths.base", async () => {
    const { project } = await initFixture("sveltekit-2", ["--providers", "credentials", "--yes", "--no-install"]);
    const pkg = JSON.parse(project.read("package.json"));
    pkg.scripts.dev = "vite dev --port 5000";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    project.write(
      "svelte.config.js",
      project.read("svelte.config.js").replace("kit: {", 'kit: {\n    paths: { base: "/notes" },'),
    );
    const run = await addProvider(project, ["github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "Callback URL to register with GitHub: http://localhost:5000/notes/auth/callback/github",
    );
  });

  it("SvelteKit 3: paths.base from the sveltekit() plugin's options in vite.config.ts", async () => {
    const { project } = await initFixture("sveltekit-3", ["--providers", "credentials", "--yes", "--no-install"]);
    project.write(
      "vite.config.ts",
      project
        .read("vite.config.ts")
        .replace("sveltekit({ adapter: adapter() })", 'sveltekit({ adapter: adapter(), paths: { base: "/notes" } })'),
    );
    const run = await addProvider(project, ["github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "Callback URL to register with GitHub: http://localhost:5173/notes/auth/callback/github",
    );
  });

  it("from a monorepo's root, with the app's folder as [dir]", async () => {
    const app = memoryFixture("next-app");
    const project = memoryFixture("next-app");
    project.files.clear();
    for (const [file, content] of app.files) project.write(`apps/web/${file}`, content);
    project.write("package.json", '{ "name": "acme", "private": true, "workspaces": ["apps/*"] }\n');
    const init = await runInMemory(project, [
      "init",
      "apps/web",
      "--providers",
      "credentials",
      "--yes",
      "--no-install",
    ]);
    expect(init.status).toBe(0);
    const run = await runInMemory(project, ["add-provider", "github", "apps/web", "--yes", "--no-install"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(project.read("apps/web/auth.ts")).toContain('import GitHub from "@create-auth/runtime/providers/github";');
    expect(project.read("apps/web/.env.local")).toContain("AUTH_GITHUB_ID=");
    expect(project.has("apps/web/vendor/auth-runtime/providers/github.js")).toBe(true);
  });

  it("edits an auth module the user has reshaped (providers in a variable of their own)", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    const original = project.read("auth.ts");
    const start = original.indexOf("  providers: [\n");
    const end = original.indexOf("\n  ],\n", start) + "\n  ],\n".length;
    const list = original.slice(start + "  providers: ".length, end - 2);
    const reshaped = `${original.slice(0, original.indexOf("export const"))}const providers = ${list.replaceAll("\n  ", "\n")};\n\n${original.slice(original.indexOf("export const"), start)}  providers,\n${original.slice(end)}`;
    project.write("auth.ts", reshaped);
    const run = await addProvider(project, ["github", "--yes", "--no-install"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const after = project.read("auth.ts");
    expect(after).toContain('import GitHub from "@create-auth/runtime/providers/github";');
    expect(after).toMatch(/\n {2}GitHub\(\),\n\];\n/);
    expect(after).toContain("  providers,\n");
  });

  it("prints the exact lines to add to a module it cannot edit, leaves that module alone and plans the rest", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    const source = project
      .read("auth.ts")
      .replace("export const {", "const providers = () => [];\n\nexport const {")
      .replace(/ {2}providers: \[\n[\s\S]*?\n {2}\],\n/, "  providers: providers(),\n");
    project.write("auth.ts", source);
    const run = await addProvider(project, ["github", "--yes", "--no-install"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(project.read("auth.ts")).toBe(source);
    expect(run.stdout).toContain("auth.ts cannot be edited safely (");
    expect(run.stdout).toContain('    import GitHub from "@create-auth/runtime/providers/github";\n');
    expect(run.stdout).toContain("    // Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local.\n    GitHub(),\n");
    expect(run.stdout).toContain("Add GitHub to auth.ts by hand with the lines printed above");
    expect(project.read(".env.local")).toContain("AUTH_GITHUB_ID=");
    expect(project.has("vendor/auth-runtime/providers/github.js")).toBe(true);
  });
});

describe("add-provider and remove-provider --help", () => {
  it.each(["add-provider", "remove-provider"])(
    "%s --help shows <id> [dir], the flags and examples",
    async (command) => {
      const project = memoryFixture("next-app");
      const run = await runInMemory(project, [command, "--help"], { bin: "auth" });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`Usage: auth ${command} [options] <id> [dir]`);
      for (const flag of ["--dry-run", "--json", "-y, --yes", "--force", "--no-install"])
        expect(run.stdout).toContain(flag);
      expect(run.stdout).toContain(`Examples:\n  auth ${command} `);
      expect(run.stdout).toContain("Exit codes:");
    },
  );
});

describe("add-provider --force", () => {
  it("replaces a runtime package file the user edited only with --force; without it, refuses naming the file", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    const file = `${RUNTIME}/package.json`;
    project.write(file, project.read(file).replace('"private": true', '"private": false'));
    const before = project.hash();
    const refused = await addProvider(project, ["github", "--yes", "--no-install"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${file} differs from the runtime this CLI ships`);
    expect(refused.stderr).toContain("--force");
    expect(project.hash()).toBe(before);
    const forced = await addProvider(project, ["github", "--yes", "--no-install", "--force"]);
    expect(forced.status).toBe(0);
    expect(project.read(file)).toContain('"./providers/github"');
  });
});

describe("every provider of the catalog", () => {
  it("adds to and removes from a Next app with a database, leaving the files as init wrote them", async () => {
    const { project } = await initFixture("next-app", [
      ...["--providers", "github", "--db", "sqlite", "--strategy", "database", "--yes", "--no-install"],
    ]);
    const initialised = new Map(project.files);
    for (const provider of PROVIDERS.filter((p) => p.id !== "github")) {
      const add = await addProvider(project, [provider.id, "--yes", "--no-install"]);
      expect([provider.id, add.status, add.stderr]).toEqual([provider.id, 0, ""]);
      expect(project.read("auth.ts")).toContain(
        `import ${provider.importName} from "@create-auth/runtime/providers/${provider.id}";`,
      );
      expect(project.has(`${RUNTIME}/providers/${provider.id}.js`)).toBe(true);
      for (const key of provider.envKeys) expect(project.read(".env.local")).toContain(`\n${key}=\n`);
      const again = await addProvider(project, [provider.id, "--yes", "--no-install"]);
      expect(again.stdout).toContain("is already in auth.ts: nothing to do.");
      const removed = await runInMemory(project, [
        "remove-provider",
        provider.id,
        project.root,
        "--yes",
        "--no-install",
      ]);
      expect([provider.id, removed.status, removed.stderr]).toEqual([provider.id, 0, ""]);
      const changed = [...new Set([...initialised.keys(), ...project.files.keys()])].filter(
        (file) => initialised.get(file) !== project.files.get(file),
      );
      // A provider's own table stays with its data (remove-provider never drops one): its migration, and the
      // SQLite client that creates it on open.
      const kept = providerTable(provider) ? ["auth-db.ts", `auth-migrations/0002_${providerTable(provider)}.sql`] : [];
      expect([provider.id, changed]).toEqual([provider.id, kept]);
      for (const file of kept) {
        const before = initialised.get(file);
        if (before === undefined) project.remove(file);
        else project.write(file, before);
      }
    }
  }, 120_000);
});

describe("the dev port in the callback URL", () => {
  it.each([
    ["vite dev --port 5000", 5000],
    ["vite dev --port=5001", 5001],
    ["next dev -p 4000", 4000],
    ["next dev -p4001", 4001],
    ["PORT=8080 node app.js", 8080],
    ["vite dev", null],
    ["node --env-file-if-exists=.env build", null],
  ])("%s → %s", (script, port) => {
    expect(scriptPort(script)).toBe(port);
  });
});

describe.each(
  FRAMEWORKS.filter(({ fixture }) =>
    ["next-app", "sveltekit-2", "express-4-js", "solid-start-2", "qwik-city-1"].includes(fixture),
  ),
)("add-provider email, then passkey, on $fixture with a database", ({ fixture, auth }) => {
  it("writes the auth module init writes for github,nodemailer,passkey", async () => {
    const database = ["--db", "sqlite", "--strategy", "database", "--yes", "--no-install"];
    const { project, run } = await initFixture(fixture, ["--providers", "github", ...database]);
    expect(run.status).toBe(0);
    for (const id of ["email", "passkey"]) {
      const add = await addProvider(project, [id, "--yes", "--no-install"]);
      expect([id, add.status, add.stderr]).toEqual([id, 0, ""]);
    }
    const { project: all } = await initFixture(fixture, ["--providers", "github,nodemailer,passkey", ...database]);
    expectSameModule(project.read(auth), all.read(auth));
    expect(project.read("package.json")).toBe(all.read("package.json"));
  });
});

describe("init on an app already set up points at add-provider", () => {
  it("names npx create-auth add-provider for a provider the existing module lacks, and that command adds it", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    const again = await runInMemory(project, [
      ...["init", project.root, "--providers", "credentials,github", "--yes", "--no-install"],
    ]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(
      "auth.ts does not use github, and init never rewrites an existing auth module: add it to yours with npx create-auth add-provider github;",
    );
    const add = await runInMemory(project, ["add-provider", "github", project.root, "--yes", "--no-install"]);
    expect(add.status).toBe(0);
    expect(project.read("auth.ts")).toContain("    GitHub(),\n");
  });
});

describe.each(FRAMEWORKS)(
  "add-provider credentials on $fixture set up with init --providers github",
  ({ fixture, auth }) => {
    it("writes the auth module init writes for github,credentials (authorize() and the email normaliser's import)", async () => {
      const { project } = await initFixture(fixture, ["--providers", "github", "--yes", "--no-install"]);
      const run = await addProvider(project, ["credentials", "--yes", "--no-install"]);
      expect([run.status, run.stderr]).toEqual([0, ""]);
      expect(run.stdout).toContain(
        `sign-in is denied until you look up the user and verify the password in authorize() in ${auth}`,
      );
      const { project: both } = await initFixture(fixture, [
        "--providers",
        "github,credentials",
        "--yes",
        "--no-install",
      ]);
      expectSameModule(project.read(auth), both.read(auth));
    });
  },
);
