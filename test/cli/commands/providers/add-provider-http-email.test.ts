/**
 * The HTTP email senders (resend, sendgrid, postmark, mailgun, loops, forwardemail) through the CLI as users
 * type it, in memory on fixtures: `add-provider <id>` writes the entry init writes (its key read by the
 * runtime, the sender from EMAIL_FROM), the blank keys and their placeholders, the provider's runtime module
 * without any nodemailer code, and a next step naming the vendor's key page; `remove-provider <id>` takes it
 * all out again; init lists them; doctor names a blank key with the page to create it at, and a blank
 * EMAIL_FROM as the mail settings' error, without asking for EMAIL_SERVER.
 */
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "../../../../src/cli/providers/catalog.js";
import { envKeyComments } from "../../../../src/cli/providers/env-help.js";
import { type CliRun, initFixture, type MemoryProject, runInMemory } from "../../support.js";
import { byId, doctor } from "../doctor/support.js";

const RUNTIME = "vendor/auth-runtime";
const SENDERS = ["resend", "sendgrid", "postmark", "mailgun", "loops", "forwardemail"] as const;
const DATABASE = ["--db", "sqlite", "--strategy", "database", "--yes", "--no-install"];

function run(project: MemoryProject, command: string, args: string[]): Promise<CliRun> {
  return runInMemory(project, [command, ...args.slice(0, 1), project.root, ...args.slice(1)], { bin: "auth" });
}

/** What each sender's entry and env block hold, as a user reads them. */
const EXPECTED: Record<(typeof SENDERS)[number], { call: string; keys: string[]; page: string }> = {
  resend: {
    call: "Resend({ from: process.env.EMAIL_FROM })",
    keys: ["AUTH_RESEND_KEY", "EMAIL_FROM"],
    page: "https://resend.com/api-keys",
  },
  sendgrid: {
    call: "SendGrid({ from: process.env.EMAIL_FROM })",
    keys: ["AUTH_SENDGRID_KEY", "EMAIL_FROM"],
    page: "https://app.sendgrid.com/settings/api_keys",
  },
  postmark: {
    call: "Postmark({ from: process.env.EMAIL_FROM })",
    keys: ["AUTH_POSTMARK_KEY", "EMAIL_FROM"],
    page: "https://account.postmarkapp.com/servers",
  },
  mailgun: {
    call: "Mailgun({ from: process.env.EMAIL_FROM })",
    keys: ["AUTH_MAILGUN_KEY", "EMAIL_FROM"],
    page: "https://app.mailgun.com/settings/api_security",
  },
  loops: {
    call: "Loops({ transactionalId: process.env.AUTH_LOOPS_TRANSACTIONAL_ID })",
    keys: ["AUTH_LOOPS_KEY", "AUTH_LOOPS_TRANSACTIONAL_ID"],
    page: "https://app.loops.so/settings?page=api",
  },
  forwardemail: {
    call: "ForwardEmail({ from: process.env.EMAIL_FROM })",
    keys: ["AUTH_FORWARDEMAIL_KEY", "EMAIL_FROM"],
    page: "https://forwardemail.net/my-account/security",
  },
};

describe.each(SENDERS)("add-provider %s on a Next app with a database", (id) => {
  const expected = EXPECTED[id];
  const provider = PROVIDERS.find((entry) => entry.id === id)!;
  const { name } = provider;
  // Each key below its help (add-provider-env-help.test.ts spells a few out).
  const comments = envKeyComments([provider]);

  it("writes init's entry, the blank keys and placeholders, the runtime module and the key page", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", ...DATABASE]);
    const added = await run(project, "add-provider", [id, "--yes", "--no-install"]);
    expect(added.stderr).toBe("");
    expect(added.status).toBe(0);
    const auth = project.read("auth.ts");
    expect(auth).toContain(`import ${expected.call.split("(")[0]} from "@create-auth/runtime/providers/${id}";`);
    expect(auth).toContain(`    ${expected.call},\n`);
    expect(auth).toContain(`reads ${expected.keys.join(", ")} from .env.local.`);

    const keys = expected.keys.map((key) => `# ${comments.get(key)}\n${key}=\n`).join("");
    const block = `# ${name} sign-in (added by create-auth add-provider ${id})\n${keys}`;
    expect(project.read(".env.local")).toContain(block);
    expect(project.read(".env.example")).toContain(block);
    expect(added.stdout).toContain(`(API keys: ${expected.page}`);

    expect(project.has(`${RUNTIME}/providers/${id}.js`)).toBe(true);
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies.nodemailer).toBeUndefined();
    // A sender's app holds no SMTP code: nodemailer is nowhere in its runtime package.
    const runtimeFiles = [...project.files.keys()].filter((file) => file.startsWith(`${RUNTIME}/`));
    for (const file of runtimeFiles) expect(project.read(file), file).not.toMatch(/["']nodemailer["']/);

    const { project: both } = await initFixture("next-app", ["--providers", `github,${id}`, ...DATABASE]);
    expect(auth).toBe(both.read("auth.ts"));
  });

  it("remove-provider takes the entry, its import and the runtime module out again", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", ...DATABASE]);
    const before = project.read("auth.ts");
    expect((await run(project, "add-provider", [id, "--yes", "--no-install"])).status).toBe(0);
    const removed = await run(project, "remove-provider", [id, "--yes"]);
    expect(removed.stderr).toBe("");
    expect(removed.status).toBe(0);
    expect(project.read("auth.ts")).toBe(before);
    expect(project.has(`${RUNTIME}/providers/${id}.js`)).toBe(false);
  });
});

describe("the HTTP senders in init", () => {
  it("init --providers resend writes the entry and the next step with Resend's key page, and no nodemailer", async () => {
    const { project, run: init } = await initFixture("sveltekit-2", ["--providers", "resend", ...DATABASE]);
    expect(init.stderr).toBe("");
    expect(init.status).toBe(0);
    expect(project.read("src/auth.ts")).toContain("    Resend({ from: env.EMAIL_FROM }),\n");
    expect(init.stdout).toContain(
      "Resend: set AUTH_RESEND_KEY to a Resend API key and EMAIL_FROM to a sender on a domain verified with Resend in .env (API keys: https://resend.com/api-keys); sign-in links are mailed through Resend's API.",
    );
    expect(JSON.parse(project.read("package.json")).dependencies.nodemailer).toBeUndefined();
  });

  it("Qwik City hands the key and the sender over from the request's env", async () => {
    const { project, run: init } = await initFixture("qwik-city-1", ["--providers", "postmark", ...DATABASE]);
    expect(init.status).toBe(0);
    const plugin = project.read("src/routes/plugin@auth.ts");
    expect(plugin).toContain(
      '      Postmark({\n        apiKey: event.env.get("AUTH_POSTMARK_KEY"),\n        from: event.env.get("EMAIL_FROM"),\n      }),\n',
    );
  });
});

describe("doctor on an app with an HTTP sender", () => {
  it("names the blank key with the page to create it at, and EMAIL_FROM alone as the mail settings' error", async () => {
    const { project } = await initFixture("next-app", ["--providers", "resend", ...DATABASE]);
    const report = await doctor(project);
    expect(report.status).toBe(1);
    const [key] = byId(report, "provider.env-missing");
    expect(key!.message).toBe("Resend needs AUTH_RESEND_KEY, which is not set: it cannot send or verify anything.");
    expect(key!.fix).toBe("create the key at https://resend.com/api-keys, then set AUTH_RESEND_KEY in .env.local");
    const [mail] = byId(report, "mail.settings-missing");
    expect(mail!.message).toBe(
      "EMAIL_FROM is not set: Resend cannot mail anything (sign-in links), so nobody gets a link.",
    );
    expect(mail!.fix).toBe('set EMAIL_FROM to the sender ("Example <no-reply@example.com>") in .env.local');
    expect(JSON.stringify(report.findings)).not.toContain("EMAIL_SERVER");
  });

  it("is content once the key and the sender are set", async () => {
    const { project } = await initFixture("next-app", ["--providers", "resend", ...DATABASE]);
    project.write(
      ".env.local",
      project
        .read(".env.local")
        .replace("AUTH_RESEND_KEY=\n", "AUTH_RESEND_KEY=re_test_123\n")
        .replace("EMAIL_FROM=\n", "EMAIL_FROM=Example <no-reply@example.com>\n"),
    );
    const report = await doctor(project);
    expect(byId(report, "provider.env-missing")).toEqual([]);
    expect(byId(report, "mail.settings-missing")).toEqual([]);
    expect(byId(report, "mail.settings").map((found) => found.message)).toEqual([
      "EMAIL_FROM set: Resend can mail (sign-in links).",
    ]);
    expect(byId(report, "provider.ready").map((found) => found.message)).toContain(
      "Resend: AUTH_RESEND_KEY, EMAIL_FROM set.",
    );
  });

  it("Loops needs its key and its transactional email's ID, and no sender", async () => {
    const { project } = await initFixture("next-app", ["--providers", "loops", ...DATABASE]);
    const report = await doctor(project);
    expect(byId(report, "provider.env-missing").map((found) => found.message)).toEqual([
      "Loops needs AUTH_LOOPS_KEY, AUTH_LOOPS_TRANSACTIONAL_ID, which are not set: it cannot send or verify anything.",
    ]);
    expect(byId(report, "mail.settings-missing")).toEqual([]);
  });
});
