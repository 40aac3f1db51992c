// `auth doctor` on an app `init --providers password` set up, held in memory: the hashing parameters the
// auth module gives the provider against OWASP's row (each parameter below it an error, the defaults and
// stronger ones fine, what is not written out said), and the mail settings every provider that mails
// shares (blank, not an SMTP URL, not a sender: errors, once for the email and password providers together,
// and never printing the relay's password); and its links' table, verification_tokens, expected in the database.
import { beforeAll, describe, expect, test } from "vitest";
import { authTablesFor } from "../../../../src/cli/database/provider-tables.js";
import { sqlSchema } from "../../../../src/cli/database/sql/render.js";
import { splitStatements } from "../../../../src/cli/database/sql-statements.js";
import { initFixture, type MemoryProject, memoryFixture } from "../../support.js";
import { byId, type DoctorRun, doctor, doctorOnDisk, onDiskWithDatabase } from "./support.js";

const MAIL = {
  EMAIL_SERVER: "smtp://mailer:s3cret-pass@smtp.example.com:587",
  EMAIL_FROM: "Notes <no-reply@example.com>",
};
const AUTH = "auth.ts";
const CALL = "Password({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM })";

let initialised: MemoryProject;

beforeAll(async () => {
  const { project, run } = await initFixture("next-app", [
    ...["--providers", "password", "--db", "sqlite", "--strategy", "database", "--yes", "--no-install"],
  ]);
  expect(run.status).toBe(0);
  initialised = project;
}, 60_000);

/** A fresh copy of the initialised app: each test changes only what it is about. */
function app(): MemoryProject {
  const project = memoryFixture("next-app");
  project.files.clear();
  for (const [file, text] of initialised.files) project.files.set(file, text);
  return project;
}

/** The initialised app with the password provider's call replaced by `call`. */
function withCall(call: string): MemoryProject {
  const project = app();
  const source = project.read(AUTH);
  expect(source).toContain(CALL);
  project.write(AUTH, source.replace(CALL, call));
  return project;
}

const levels = (run: DoctorRun, id: string) => byId(run, id).map((found) => found.level);

describe("the hashing parameters", () => {
  test("init's module (no hash option) hashes with the runtime's defaults: ok", async () => {
    const run = await doctor(app(), {}, MAIL);
    expect(byId(run, "password.hash").map((found) => found.message)).toEqual([
      "Password: hashed with the runtime's defaults (Argon2id at m = 65536 KiB (64 MiB), t = 3, p = 1; scrypt at N = 2^17, r = 8, p = 1 where @node-rs/argon2 cannot load).",
    ]);
    expect(byId(run, "password.hash-weak")).toEqual([]);
  });

  test.each([
    ["argon2id: { memoryCost: 8192 }", "hash.argon2id.memoryCost is 8192 KiB (8 MiB)", "refuses to start"],
    ["argon2id: { timeCost: 1 }", "hash.argon2id.timeCost is 1", "refuses to start"],
    ["argon2id: { memoryCost: 19 * 1000 }", "hash.argon2id.memoryCost is 19000 KiB", "refuses to start"],
    ["argon2id: { parallelism: 4 }", "hash.argon2id.parallelism is 4", "accepts it"],
    ["argon2id: { timeCost: 2.5 }", "hash.argon2id.timeCost is 2.5 in auth.ts, not a whole number", "refuses to start"],
    ['algorithm: "scrypt", scrypt: { ln: 14 }', "hash.scrypt.ln is 14 (N = 2^14)", "refuses to start"],
    ["scrypt: { r: 4, p: 2 }", "hash.scrypt.r is 4", "refuses to start"],
  ])("hash: { %s } is an error saying which parameter and what the runtime does", async (hash, said, runtime) => {
    const run = await doctor(
      withCall(`Password({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM, hash: { ${hash} } })`),
      {},
      MAIL,
    );
    expect(run.status).toBe(1);
    const [weak] = byId(run, "password.hash-weak");
    expect(weak).toMatchObject({ level: "error", file: AUTH });
    expect(weak!.message).toContain(said);
    expect(weak!.message).toContain(runtime);
    expect(weak!.fix).toMatch(/or remove hash for the defaults/);
    expect(byId(run, "password.hash")).toEqual([]);
  });

  test("a scrypt p of 2 is its own error beside r's: each weak parameter is named", async () => {
    const run = await doctor(withCall("Password({ hash: { scrypt: { r: 4, p: 2 } } })"), {}, MAIL);
    expect(byId(run, "password.hash-weak").map((found) => found.message.split(" in ")[0])).toEqual([
      "hash.scrypt.r is 4",
      "hash.scrypt.p is 2",
    ]);
  });

  test("parameters at or above OWASP's row, written as arithmetic, pass", async () => {
    const run = await doctor(
      withCall(
        "Password({ hash: { argon2id: { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 }, scrypt: { ln: 17, r: 8, p: 1 } } })",
      ),
      {},
      MAIL,
    );
    expect(levels(run, "password.hash")).toEqual(["ok"]);
    expect(byId(run, "password.hash")[0]!.message).toContain("(argon2id, scrypt) are at or above OWASP's row");
    expect(byId(run, "password.hash-weak")).toEqual([]);
  });

  test("options or parameters that are not written out are said, not guessed", async () => {
    const options = await doctor(withCall("Password(passwordOptions)"), {}, MAIL);
    expect(levels(options, "password.hash-unread")).toEqual(["info"]);
    expect(byId(options, "password.hash-unread")[0]!.message).toContain("(passwordOptions)");
    const parameter = await doctor(withCall("Password({ hash: { argon2id: { memoryCost: MEMORY } } })"), {}, MAIL);
    expect(byId(parameter, "password.hash-unread")[0]!.message).toContain(
      "hash.argon2id.memoryCost in auth.ts is MEMORY",
    );
    expect(byId(parameter, "password.hash")).toEqual([]);
  });
});

describe("the mail settings", () => {
  test("blank EMAIL_SERVER and EMAIL_FROM (as init leaves them) are one error naming what is not mailed", async () => {
    const run = await doctor(app());
    expect(run.status).toBe(1);
    const [missing] = byId(run, "mail.settings-missing");
    expect(missing).toMatchObject({ level: "error", file: ".env.local" });
    expect(missing!.message).toBe(
      "EMAIL_SERVER and EMAIL_FROM are not set: Password cannot mail anything (verification and reset links), so nobody gets a link.",
    );
    // The provider is not ready, and the keys are not said twice by the per-provider check.
    expect(byId(run, "provider.ready")).toEqual([]);
    expect(byId(run, "provider.env-missing")).toEqual([]);
  });

  test.each([
    ["https://smtp.example.com", "does not start with smtp:// or smtps://"],
    ["mailer:s3cret-pass@smtp.example.com", "does not start with smtp:// or smtps://"],
    ["smtp://", "names no host"],
    ["smtp://mailer:s3cret-pass@", "is not a URL"],
  ])("EMAIL_SERVER=%s is not an SMTP URL: an error that never prints the value", async (server, said) => {
    const run = await doctor(app(), {}, { ...MAIL, EMAIL_SERVER: server });
    expect(levels(run, "mail.server-invalid")).toEqual(["error"]);
    expect(byId(run, "mail.server-invalid")[0]!.message).toContain(`EMAIL_SERVER ${said}, not an SMTP URL`);
    expect(run.json).not.toContain("s3cret-pass");
    expect(run.stdout).not.toContain("s3cret-pass");
  });

  test.each(["no-reply", "Notes no-reply@example.com>", "<>"])(
    "EMAIL_FROM=%s is not a sender: an error",
    async (from) => {
      const run = await doctor(app(), {}, { ...MAIL, EMAIL_FROM: from });
      expect(levels(run, "mail.from-invalid")).toEqual(["error"]);
      expect(byId(run, "mail.from-invalid")[0]!.message).toContain(`EMAIL_FROM is "${from}", not a sender address`);
    },
  );

  test("well-formed settings pass once, and the provider is ready", async () => {
    for (const from of [MAIL.EMAIL_FROM, "no-reply@example.com", '"Notes" <no-reply@localhost>']) {
      const run = await doctor(app(), {}, { ...MAIL, EMAIL_FROM: from });
      expect(byId(run, "mail.settings").map((found) => found.message)).toEqual([
        "EMAIL_SERVER and EMAIL_FROM set: Password can mail (verification and reset links).",
      ]);
      expect(byId(run, "provider.ready").map((found) => found.message)).toContain(
        "Password: EMAIL_SERVER, EMAIL_FROM set.",
      );
    }
    const tls = await doctor(app(), {}, { ...MAIL, EMAIL_SERVER: "smtps://mailer:pw@smtp.example.com:465" });
    expect(levels(tls, "mail.settings")).toEqual(["ok"]);
  });

  test("with the email provider too, the shared settings are checked once for both", async () => {
    const { project, run: init } = await initFixture("next-app", [
      ...["--providers", "nodemailer,password", "--db", "sqlite", "--yes", "--no-install"],
    ]);
    expect(init.status).toBe(0);
    const run = await doctor(project, {}, { ...MAIL, EMAIL_SERVER: "" });
    expect(byId(run, "mail.settings-missing").map((found) => found.message)).toEqual([
      "EMAIL_SERVER is not set: Email and Password cannot mail anything (sign-in links; verification and reset links), so nobody gets a link.",
    ]);
  });

  test("a module that hands the provider its own sendMail reads neither key: nothing to check", async () => {
    const run = await doctor(withCall("Password({ sendMail: async () => {} })"));
    expect(byId(run, "mail.settings-missing")).toEqual([]);
    expect(byId(run, "mail.settings")).toEqual([]);
    expect(levels(run, "provider.ready")).toEqual(["ok"]);
  });
});

describe("the tables the password provider uses", () => {
  test("SQLite without verification_tokens is an error: its verification and reset links are kept there", async () => {
    const env = { AUTH_DATABASE_FILE: "auth.db", ...MAIL };
    const statements = splitStatements(sqlSchema("sqlite", authTablesFor(new Set(["password"]))), "sqlite");
    const root = await onDiskWithDatabase(app(), env, [
      ...statements.map((statement) => statement.sql),
      "DROP TABLE verification_tokens",
    ]);
    const missing = byId(await doctorOnDisk(root, env), "database.table-missing");
    expect(missing.find((found) => found.message.includes("no verification_tokens table"))).toMatchObject({
      level: "error",
    });
  });
});
