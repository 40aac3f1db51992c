/**
 * `auth remove-provider <id> [dir]` as users type it, in memory after init and add-provider: removing what
 * add-provider added gives every file back byte for byte on every framework; env keys the user filled in
 * stay (and are said); packages another file of the app imports stay; the last provider, an uneditable
 * module and unknown ids are refused without writing. The black-box run is in add-provider-cli.test.ts.
 */
import { describe, expect, it } from "vitest";
import { mergeEnv } from "../../../../src/cli/env/merge.js";
import { removeEnvKeys } from "../../../../src/cli/env/remove.js";
import { type CliRun, initFixture, type MemoryProject, runInMemory, stable } from "../../support.js";

function cli(project: MemoryProject, command: string, id: string, flags: string[]): Promise<CliRun> {
  return runInMemory(project, [command, id, project.root, ...flags], { bin: "auth" });
}

const APPLY = ["--yes", "--no-install"];

/** Every file's text, to compare two moments of a project. */
function snapshot(project: MemoryProject): Map<string, string> {
  return new Map(project.files);
}

function changedFiles(before: Map<string, string>, project: MemoryProject): string[] {
  const all = new Set([...before.keys(), ...project.files.keys()]);
  return [...all].filter((file) => before.get(file) !== project.files.get(file)).sort();
}

describe.each([
  { fixture: "next-app", auth: "auth.ts", env: ".env.local" },
  { fixture: "next-16-pages", auth: "auth.ts", env: ".env.local" },
  { fixture: "sveltekit-2", auth: "src/auth.ts", env: ".env" },
  { fixture: "sveltekit-3", auth: "src/auth.ts", env: ".env" },
  { fixture: "express-4-js", auth: "auth.js", env: ".env" },
  { fixture: "express-5-ts", auth: "src/auth.ts", env: ".env" },
  { fixture: "solid-start-1", auth: "src/auth.ts", env: ".env" },
  { fixture: "solid-start-2", auth: "src/auth.ts", env: ".env" },
  { fixture: "qwik-city-1", auth: "src/routes/plugin@auth.ts", env: ".env" },
])("remove-provider oidc on $fixture after init --providers credentials and add-provider oidc", ({ fixture, auth }) => {
  it("gives back every file as init left it, and a second run has nothing to do", async () => {
    const { project } = await initFixture(fixture, ["--providers", "credentials", ...APPLY]);
    const initialised = snapshot(project);
    expect((await cli(project, "add-provider", "oidc", APPLY)).status).toBe(0);
    expect(changedFiles(initialised, project)).toContain(auth);

    const dry = await cli(project, "remove-provider", "oidc", ["--dry-run"]);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing was written.");
    if (fixture === "next-app" || fixture === "qwik-city-1") {
      await expect(stable(dry.stdout, project.root)).toMatchFileSnapshot(
        `__snapshots__/remove-provider-${fixture}/dry-run.txt`,
      );
    }

    const run = await cli(project, "remove-provider", "oidc", APPLY);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(changedFiles(initialised, project)).toEqual([]);

    const again = await cli(project, "remove-provider", "oidc", APPLY);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`OIDC is not in ${auth}, and it left nothing behind: nothing to do.`);
    expect(changedFiles(initialised, project)).toEqual([]);
  });
});

describe("remove-provider keeps what is the user's", () => {
  it("keeps env keys the user filled in, says so, and removes the blank ones", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", ...APPLY]);
    await cli(project, "add-provider", "github", APPLY);
    project.write(
      ".env.local",
      project.read(".env.local").replace("AUTH_GITHUB_ID=\n", "AUTH_GITHUB_ID=Iv1.8a61f9b3a7aba766\n"),
    );
    const run = await cli(project, "remove-provider", "github", [...APPLY, "--json"]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { keptKeys: { file: string; key: string }[]; plan: { notes: string[] } };
    expect(result.keptKeys).toEqual([{ file: ".env.local", key: "AUTH_GITHUB_ID" }]);
    expect(result.plan.notes).toContain(
      "AUTH_GITHUB_ID in .env.local has a value you set; kept (delete it yourself once nothing reads it).",
    );
    const env = project.read(".env.local");
    expect(env).toContain(
      "# GitHub sign-in (added by create-auth add-provider github)\nAUTH_GITHUB_ID=Iv1.8a61f9b3a7aba766\n",
    );
    expect(env).not.toContain("AUTH_GITHUB_SECRET");
    expect(project.read(".env.example")).not.toContain("AUTH_GITHUB");
    expect(project.read("auth.ts")).not.toContain("GitHub");
  });

  it("takes @simplewebauthn/server and the passkeys opt-in away with the last passkey provider", async () => {
    const { project } = await initFixture("sveltekit-2", [
      ...["--providers", "github,passkey", "--db", "sqlite", "--strategy", "database", ...APPLY],
    ]);
    const run = await cli(project, "remove-provider", "passkey", APPLY);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(project.read("src/auth.ts")).not.toMatch(/Passkey|enableWebAuthn/);
    expect(JSON.parse(project.read("package.json")).dependencies["@simplewebauthn/server"]).toBeUndefined();
    expect(project.has("vendor/auth-runtime/providers/passkey.js")).toBe(false);
    expect(run.stdout).toContain("Install dependencies: npm install --no-audit --no-fund");
  });

  it("takes its package out of devDependencies when the app keeps it there, as remove does", async () => {
    const { project } = await initFixture("sveltekit-2", [
      ...["--providers", "github,nodemailer", "--db", "sqlite", "--strategy", "database", ...APPLY],
    ]);
    // SvelteKit's starters keep every package in devDependencies; the owner moved nodemailer there too.
    const pkg = JSON.parse(project.read("package.json")) as Record<string, Record<string, string>>;
    const { nodemailer, ...dependencies } = pkg.dependencies!;
    pkg.dependencies = dependencies;
    const devDependencies = { ...pkg.devDependencies };
    pkg.devDependencies = { ...devDependencies, nodemailer: nodemailer! };
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);

    const run = await cli(project, "remove-provider", "email", APPLY);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/package\.json +dependencies: removes nodemailer \(dev\)/);
    const after = JSON.parse(project.read("package.json")) as Record<string, Record<string, string>>;
    expect(after.devDependencies).toEqual(devDependencies);
    expect(after.dependencies).toEqual(dependencies);
  });

  it("keeps nodemailer in package.json while another file of the app imports it, naming that file", async () => {
    const { project } = await initFixture("next-app", [
      ...["--providers", "github,nodemailer", "--db", "sqlite", "--strategy", "database", ...APPLY],
    ]);
    project.write(
      "lib/mail.ts",
      'import nodemailer from "nodemailer";\n\nexport const transport = nodemailer.createTransport({});\n',
    );
    const run = await cli(project, "remove-provider", "email", APPLY);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Note: nodemailer stays in package.json: lib/mail.ts imports it.");
    expect(JSON.parse(project.read("package.json")).dependencies.nodemailer).toBe("^8.0.11");
    expect(project.read("auth.ts")).not.toContain("Nodemailer");
  });
});

describe("remove-provider after the user took the provider out by hand", () => {
  it("removes what it left behind (env keys, runtime module), or says there is nothing to do", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", ...APPLY]);
    const initialised = snapshot(project);
    await cli(project, "add-provider", "github", APPLY);
    project.write("auth.ts", initialised.get("auth.ts")!);
    const run = await cli(project, "remove-provider", "github", APPLY);
    expect(run.status).toBe(0);
    expect(changedFiles(initialised, project)).toEqual([]);
  });

  it("refuses in one line, writing nothing, when taking a blank key out would change what dotenv reads of another", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", ...APPLY]);
    await cli(project, "add-provider", "github", APPLY);
    // The user's NOTES value opens a backtick that dotenv pairs with one lines below; AUTH_GITHUB_ID's blank
    // quotes sit between them. Without that line, NOTES would read the lines down to the next backtick.
    const env = project.read(".env.local").replace("AUTH_GITHUB_ID=", "NOTES=`\nAUTH_GITHUB_ID=``\nLATER=`\n`");
    project.write(".env.local", env);
    const before = snapshot(project);
    const run = await cli(project, "remove-provider", "github", APPLY);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "auth: .env.local: removing AUTH_GITHUB_ID, AUTH_GITHUB_SECRET would change what dotenv reads from it (a quote left open?); edit it by hand, then run again.",
    ]);
    expect(changedFiles(before, project)).toEqual([]);
  });

  it("keeps the provider's runtime module while another file of the app imports it", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials,github", ...APPLY]);
    project.write("lib/github.ts", 'export { default } from "@create-auth/runtime/providers/github";\n');
    const run = await cli(project, "remove-provider", "github", APPLY);
    expect(run.status).toBe(0);
    expect(project.read("auth.ts")).not.toContain("GitHub");
    expect(project.has("vendor/auth-runtime/providers/github.js")).toBe(true);
  });
});

describe("remove-provider refuses, in one line, writing nothing", () => {
  it("the last provider: a config without providers signs nobody in", async () => {
    const { project } = await initFixture("express-5-ts", ["--providers", "github", ...APPLY]);
    const before = project.hash();
    const run = await cli(project, "remove-provider", "github", APPLY);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      "auth: GitHub is the only provider in src/auth.ts, and a config without providers signs nobody in; nothing was written: add the one you want instead first (npx create-auth add-provider <id>), then remove github.\n",
    );
    expect(project.hash()).toBe(before);
  });

  it("a module where the provider is used outside the providers list", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials,github", ...APPLY]);
    project.write("auth.ts", `${project.read("auth.ts")}\nexport const githubId = GitHub().id;\n`);
    const before = project.hash();
    const run = await cli(project, "remove-provider", "github", APPLY);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^auth: auth\.ts cannot be edited safely \(.*\); nothing was written: take GitHub out of it by hand/,
    );
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(project.hash()).toBe(before);
  });

  it.each(["file:../shared/runtime", "file:/opt/runtime"])(
    "a runtime linked from outside the app (%s), as add-provider does too",
    async (link) => {
      const { project } = await initFixture("next-app", ["--providers", "credentials,github", ...APPLY]);
      project.write("package.json", project.read("package.json").replace("file:./vendor/auth-runtime", link));
      const before = project.hash();
      for (const [command, id] of [
        ["remove-provider", "github"],
        ["add-provider", "gitlab"],
      ] as const) {
        const run = await cli(project, command, id, APPLY);
        expect(run.status).toBe(1);
        expect(run.stderr).toBe(
          `auth: package.json links @create-auth/runtime from ${link}, outside the app: ${command} ${id} only writes inside ${project.root}.\n`,
        );
      }
      expect(project.hash()).toBe(before);
    },
  );

  it("an unknown id", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials,github", ...APPLY]);
    const run = await cli(project, "remove-provider", "gihtub", APPLY);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('auth: Unknown provider "gihtub" for remove-provider: did you mean github?\n');
  });
});

describe("removeEnvKeys: the reverse of mergeEnv", () => {
  const header = "GitHub sign-in (added by create-auth add-provider github)";
  const entries = [
    { key: "AUTH_GITHUB_ID", value: "" },
    { key: "AUTH_GITHUB_SECRET", value: "" },
  ];

  it.each([
    ["LF", "# mine\nAUTH_SECRET=abc\n"],
    ["CRLF", "# mine\r\nAUTH_SECRET=abc\r\n"],
    ["no final newline", "AUTH_SECRET=abc\n\nAPI_URL=x"],
    ["an empty file", ""],
  ])("gives back the %s file mergeEnv appended to", (_, original) => {
    const merged = mergeEnv(original, entries, [header]).content;
    const removed = removeEnvKeys(merged, ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"], [header]);
    expect(removed.removed).toEqual(["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"]);
    // A file without a final newline gets one from the merge, and keeps it.
    expect(removed.content).toBe(original.endsWith("x") ? `${original}\n` : original);
  });

  it("keeps a key with a value, with its header, and removes every blank assignment of the others", () => {
    const text = `AUTH_SECRET=abc\n\n# ${header}\nAUTH_GITHUB_ID=Iv1.abc\nAUTH_GITHUB_SECRET=\nexport AUTH_GITHUB_SECRET=""\n`;
    const removed = removeEnvKeys(text, ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"], [header]);
    expect(removed).toEqual({
      content: `AUTH_SECRET=abc\n\n# ${header}\nAUTH_GITHUB_ID=Iv1.abc\n`,
      removed: ["AUTH_GITHUB_SECRET"],
      kept: ["AUTH_GITHUB_ID"],
    });
  });

  it("takes its header from above the user's lines under it: the header described the keys that went", () => {
    const text = `# ${header}\nAUTH_GITHUB_ID=\nMY_FLAG=1\n`;
    expect(removeEnvKeys(text, ["AUTH_GITHUB_ID"], [header]).content).toBe("MY_FLAG=1\n");
  });
});
