/**
 * What add-provider tells a user about a provider's env keys, as users type it, in memory on the Next fixture
 * after init: the list of keys it writes (by name, never a value), each extra key's help (an issuer, a server's
 * URL, an API key, the sender) printed beside it and written as a comment just above it in `.env.local` and
 * `.env.example`; and remove-provider taking all of it back out, comments included, so the env files read
 * byte for byte as before.
 */
import { describe, expect, it } from "vitest";
import { type CliRun, initFixture, type MemoryProject, memoryFixture, runInMemory } from "../../support.js";

const APPLY = ["--yes", "--no-install"];
const DATABASE = ["--db", "sqlite", "--strategy", "database", ...APPLY];

function cli(project: MemoryProject, command: string, id: string, flags: string[]): Promise<CliRun> {
  return runInMemory(project, [command, id, project.root, ...flags], { bin: "auth" });
}

const CASES = [
  {
    id: "okta",
    init: ["--providers", "credentials", ...APPLY],
    printed: [
      "Env keys for Okta in .env.local, blank until you fill them in:",
      "  AUTH_OKTA_ID",
      "  AUTH_OKTA_SECRET",
      "  AUTH_OKTA_ISSUER  your Okta org's issuer URL: https://<org>.okta.com, or https://<org>.okta.com/oauth2/default for its default authorization server",
    ],
    block: [
      "# Okta sign-in (added by create-auth add-provider okta)",
      "AUTH_OKTA_ID=",
      "AUTH_OKTA_SECRET=",
      "# Your Okta org's issuer URL: https://<org>.okta.com, or https://<org>.okta.com/oauth2/default for its default authorization server",
      "AUTH_OKTA_ISSUER=",
    ],
  },
  {
    id: "nextcloud",
    init: ["--providers", "credentials", ...APPLY],
    printed: [
      "Env keys for Nextcloud in .env.local, blank until you fill them in:",
      "  AUTH_NEXTCLOUD_ID",
      "  AUTH_NEXTCLOUD_SECRET",
      "  AUTH_NEXTCLOUD_URL     your Nextcloud server's base URL, e.g. https://cloud.example.com",
    ],
    block: [
      "# Nextcloud sign-in (added by create-auth add-provider nextcloud)",
      "AUTH_NEXTCLOUD_ID=",
      "AUTH_NEXTCLOUD_SECRET=",
      "# Your Nextcloud server's base URL, e.g. https://cloud.example.com",
      "AUTH_NEXTCLOUD_URL=",
    ],
  },
  {
    id: "resend",
    init: ["--providers", "github", ...DATABASE],
    printed: [
      "Env keys for Resend in .env.local, blank until you fill them in:",
      "  AUTH_RESEND_KEY  your Resend API key",
      "  EMAIL_FROM       the address every mail of the app is sent from, e.g. Example <no-reply@example.com>, one your mail service accepts",
    ],
    block: [
      "# Resend sign-in (added by create-auth add-provider resend)",
      "# Your Resend API key",
      "AUTH_RESEND_KEY=",
      "# The address every mail of the app is sent from, e.g. Example <no-reply@example.com>, one your mail service accepts",
      "EMAIL_FROM=",
    ],
  },
];

describe.each(CASES)("add-provider $id", ({ id, init, printed, block }) => {
  it("prints the keys it writes, each extra one with what goes in it, and never a value", async () => {
    const { project } = await initFixture("next-app", init);
    const run = await cli(project, "add-provider", id, APPLY);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`\n${printed.join("\n")}\n`);
    // The list comes before the plan, as the callback URL does.
    expect(run.stdout.indexOf(printed[0]!)).toBeLessThan(run.stdout.indexOf("Plan:"));
    const secret = /AUTH_SECRET=(.+)/.exec(project.read(".env.local"))![1]!;
    expect(run.stdout).not.toContain(secret);
  });

  it("writes each extra key's help as a comment just above it, in .env.local and .env.example", async () => {
    const { project } = await initFixture("next-app", init);
    expect((await cli(project, "add-provider", id, APPLY)).status).toBe(0);
    const written = `\n\n${block.join("\n")}\n`;
    expect(project.read(".env.local").endsWith(written)).toBe(true);
    expect(project.read(".env.example").endsWith(written)).toBe(true);
  });

  it("--json lists the keys by name", async () => {
    const { project } = await initFixture("next-app", init);
    const run = await cli(project, "add-provider", id, [...APPLY, "--json"]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { envKeys: unknown };
    const keys = block.filter((line) => !line.startsWith("#")).map((line) => line.replace(/=$/, ""));
    expect(result.envKeys).toEqual({ file: ".env.local", blank: keys, given: [], kept: [] });
  });

  it("remove-provider gives both env files back byte for byte, comments included", async () => {
    const { project } = await initFixture("next-app", init);
    const before = { env: project.read(".env.local"), example: project.read(".env.example") };
    expect((await cli(project, "add-provider", id, APPLY)).status).toBe(0);
    const removed = await cli(project, "remove-provider", id, APPLY);
    expect(removed.stderr).toBe("");
    expect(removed.status).toBe(0);
    expect(project.read(".env.local")).toBe(before.env);
    expect(project.read(".env.example")).toBe(before.example);
  });
});

describe("the help of a key the user filled in, or another provider reads", () => {
  it("remove-provider okta keeps a filled-in issuer with its comment, and takes the blank keys out", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", ...APPLY]);
    expect((await cli(project, "add-provider", "okta", APPLY)).status).toBe(0);
    project.write(
      ".env.local",
      project.read(".env.local").replace("AUTH_OKTA_ISSUER=\n", "AUTH_OKTA_ISSUER=https://acme.okta.com\n"),
    );
    expect((await cli(project, "remove-provider", "okta", APPLY)).status).toBe(0);
    expect(project.read(".env.local")).toContain(
      "\n\n# Okta sign-in (added by create-auth add-provider okta)\n# Your Okta org's issuer URL: https://<org>.okta.com, or https://<org>.okta.com/oauth2/default for its default authorization server\nAUTH_OKTA_ISSUER=https://acme.okta.com\n",
    );
    expect(project.read(".env.local")).not.toContain("AUTH_OKTA_ID");
  });

  it("add-provider password after resend says EMAIL_FROM is already there, and writes its help once", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", ...DATABASE]);
    expect((await cli(project, "add-provider", "resend", APPLY)).status).toBe(0);
    const run = await cli(project, "add-provider", "password", APPLY);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "\nEnv keys for Password in .env.local, blank until you fill them in:\n  EMAIL_SERVER  your SMTP relay as a URL with its login: smtp://user:password@smtp.example.com:587 (smtps:// for port 465)\nAlready in .env.local, kept as they are: EMAIL_FROM.\n",
    );
    for (const file of [".env.local", ".env.example"]) {
      expect(project.read(file).match(/^# The address every mail of the app is sent from/gm)).toHaveLength(1);
      expect(project.read(file)).toContain(
        "\n# Your SMTP relay as a URL with its login: smtp://user:password@smtp.example.com:587 (smtps:// for port 465)\nEMAIL_SERVER=\n",
      );
    }
  });
});

describe("init writes the same comments", () => {
  it("init --providers okta,credentials puts the issuer's help above it, and remove takes it back out", async () => {
    const { project } = await initFixture("next-app", ["--providers", "okta,credentials", ...APPLY]);
    const comment =
      "# Your Okta org's issuer URL: https://<org>.okta.com, or https://<org>.okta.com/oauth2/default for its default authorization server\n";
    for (const file of [".env.local", ".env.example"]) {
      expect(project.read(file)).toContain(`\nAUTH_OKTA_SECRET=\n${comment}AUTH_OKTA_ISSUER=\n`);
    }
    const removed = await runInMemory(project, ["remove", project.root, ...APPLY], { bin: "auth" });
    expect(removed.status).toBe(0);
    // Both files as the app had them before init (or gone, as before), the comment with the rest.
    const original = memoryFixture("next-app");
    for (const file of [".env.local", ".env.example"]) {
      expect(project.has(file), file).toBe(original.has(file));
      if (original.has(file)) expect(project.read(file)).toBe(original.read(file));
    }
  });
});
