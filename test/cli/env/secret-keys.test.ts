/**
 * Which env keys hold credentials (src/cli/env/secret-keys.ts, issue 27 loose end d): an API key or a private key
 * (`_KEY`: Resend's, Bungie's) is one, as a client secret is, so its value is masked in every diff the commands
 * print. remove-provider shows `.env.example`'s diff with its neighbouring lines, and a key someone pasted into
 * that file stays hidden there. In memory, as users type the commands.
 */
import { describe, expect, it } from "vitest";
import { holdsCredential, secretEnvKeys } from "../../../src/cli/env/secret-keys.js";
import { initFixture, runInMemory } from "../support.js";

const RESEND_KEY = "re_live_4fJ8xQ2mZr7TbW9kLc3NvY5hGd1Sa6Pe";

describe("secretEnvKeys", () => {
  it("counts API and private keys with client secrets, passwords, tokens and connection URLs", () => {
    const keys = [
      "AUTH_RESEND_KEY",
      "AUTH_BUNGIE_KEY",
      "AUTH_APPLE_PRIVATE_KEY",
      "AUTH_GITHUB_SECRET",
      "EMAIL_SERVER",
      "DATABASE_URL",
      "TURSO_AUTH_TOKEN",
      "AUTH_GITHUB_ID",
      "EMAIL_FROM",
      "AUTH_NEXTCLOUD_URL",
      "AUTH_LOOPS_TRANSACTIONAL_ID",
      "AUTH_NETSUITE_ACCOUNT_ID",
    ];
    expect(secretEnvKeys(keys)).toEqual(keys.slice(0, 7));
  });

  it("doctor's git check: a connection URL is a credential only with a password in it", () => {
    expect(holdsCredential("DATABASE_URL", "file:./dev.db")).toBe(false);
    expect(holdsCredential("DATABASE_URL", "postgres://app:pw@db/app")).toBe(true);
    expect(holdsCredential("AUTH_RESEND_KEY", RESEND_KEY)).toBe(true);
    expect(holdsCredential("AUTH_RESEND_KEY", "")).toBe(false);
  });
});

describe("remove-provider's .env.example diff", () => {
  it.each([["--dry-run"], ["--dry-run", "--json"]])(
    "%s hides an API key pasted into .env.example, shown as a neighbouring line",
    async (...flags) => {
      const { project, run } = await initFixture("next-app", [
        "--providers",
        "github,resend",
        "--db",
        "sqlite",
        "--yes",
        "--no-install",
      ]);
      expect(run.status, run.stderr).toBe(0);
      const example = project.read(".env.example");
      expect(example).toMatch(/^AUTH_RESEND_KEY=$/m);
      project.write(".env.example", example.replace(/^AUTH_RESEND_KEY=$/m, `AUTH_RESEND_KEY=${RESEND_KEY}`));
      const removal = await runInMemory(project, ["remove-provider", "resend", project.root, ...flags], {
        bin: "auth",
      });
      expect(removal.status, removal.stderr).toBe(0);
      expect(removal.stdout).toContain("EMAIL_FROM");
      expect(removal.stdout).toContain("AUTH_RESEND_KEY=");
      expect(removal.stdout + removal.stderr).not.toContain(RESEND_KEY);
    },
    60_000,
  );
});
