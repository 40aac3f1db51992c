/**
 * doctor reads the expiry of the Apple client secret `add-provider apple --p8 …` signs (AUTH_APPLE_SECRET, an
 * ES256 JWT valid six months at most): a warning 30 days before, an error once expired (Apple then refuses
 * every sign-in), nothing for a fresh one. The secrets are signed here with a key node:crypto makes.
 */
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appleClientSecret } from "../../../../src/cli/providers/apple-secret.js";
import { initFixture, type MemoryProject, removeTemps, runInMemory } from "../../support.js";

afterAll(removeTemps);

const KEY_ID = "ABC123DEFG";
const TEAM_ID = "TEAM123456";
const CLIENT_ID = "com.example.web";

function pem(key: KeyObject): string {
  return key.export({ type: "pkcs8", format: "pem" }) as string;
}

describe("doctor reads the Apple client secret's expiry", () => {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const input = { p8: pem(keys.privateKey), p8Path: "AuthKey.p8", keyId: KEY_ID, teamId: TEAM_ID, clientId: CLIENT_ID };
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  let project: MemoryProject;
  let env: string;

  beforeAll(async () => {
    ({ project } = await initFixture("next-app", ["--providers", "credentials,apple", "--yes", "--no-install"]));
    env = project.files.get(".env.local")!;
  }, 60_000);

  async function doctorWith(secret: string): Promise<{ level: string; id: string; message: string }[]> {
    project.files.set(
      ".env.local",
      env
        .replace(/^AUTH_APPLE_ID=$/m, `AUTH_APPLE_ID=${CLIENT_ID}`)
        .replace(/^AUTH_APPLE_SECRET=$/m, `AUTH_APPLE_SECRET=${secret}`),
    );
    const run = await runInMemory(project, ["doctor", project.root, "--json"], { bin: "auth" });
    return (JSON.parse(run.stdout) as { findings: { level: string; id: string; message: string }[] }).findings;
  }

  it("warns when it expires within 30 days", async () => {
    const { jwt, expiresAt } = appleClientSecret(input, daysAgo(170));
    const found = (await doctorWith(jwt)).find((f) => f.id === "provider.apple-secret-expiring");
    expect(found?.level).toBe("warning");
    expect(found?.message).toContain(expiresAt.toISOString().slice(0, 10));
  });

  it("says when it has expired", async () => {
    const found = (await doctorWith(appleClientSecret(input, daysAgo(200)).jwt)).find(
      (f) => f.id === "provider.apple-secret-expired",
    );
    expect(found?.level).toBe("error");
  });

  it("says nothing of a fresh one", async () => {
    const ids = (await doctorWith(appleClientSecret(input).jwt)).map((f) => f.id);
    expect(ids).toContain("provider.ready");
    expect(ids.filter((id) => id.startsWith("provider.apple-secret"))).toEqual([]);
  });
});
