/**
 * `auth doctor` and the runtime's old provider id `azure-ad` (issue 27, loose end b): an auth module migrated
 * from Auth.js imports `providers/azure-ad`, which reads AUTH_AZURE_AD_ID, AUTH_AZURE_AD_SECRET and
 * AUTH_AZURE_AD_ISSUER and sends users back to `…/callback/azure-ad`. Doctor checks those keys and shows that
 * callback URL, as it does for the providers init writes. In memory, after an in-memory init.
 */
import { describe, expect, test } from "vitest";
import { initFixture, type MemoryProject } from "../../support.js";
import { byId, doctor } from "./support.js";

/** init with Microsoft Entra ID, then the auth module and env keys as an app migrated from Auth.js has them. */
async function migratedApp(): Promise<MemoryProject> {
  const { project, run } = await initFixture("next-app", [
    "--providers",
    "microsoft-entra-id",
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  project.write(
    "auth.ts",
    project
      .read("auth.ts")
      .replace("@create-auth/runtime/providers/microsoft-entra-id", "@create-auth/runtime/providers/azure-ad")
      .replaceAll("MicrosoftEntraID", "AzureAD"),
  );
  project.write(".env.local", project.read(".env.local").replaceAll("AUTH_MICROSOFT_ENTRA_ID_", "AUTH_AZURE_AD_"));
  return project;
}

describe("doctor knows the old id azure-ad", () => {
  test("blank AUTH_AZURE_AD_* keys are an error naming them, with azure-ad's callback URL", async () => {
    const run = await doctor(await migratedApp());
    const [found] = byId(run, "provider.env-missing");
    expect(found!.message).toBe(
      "Azure AD needs AUTH_AZURE_AD_ID, AUTH_AZURE_AD_SECRET, AUTH_AZURE_AD_ISSUER, which are not set: sign-in with it fails with a configuration error.",
    );
    expect(found!.fix).toContain("with the callback URL http://localhost:3000/api/auth/callback/azure-ad");
    expect(run.status).toBe(1);
  });

  test("filled, they pass, and the callback URL shown is azure-ad's", async () => {
    const project = await migratedApp();
    const env = {
      AUTH_AZURE_AD_ID: "00000000-0000-0000-0000-000000000000",
      AUTH_AZURE_AD_SECRET: "client-secret-value",
      AUTH_AZURE_AD_ISSUER: "https://login.microsoftonline.com/11111111-1111-1111-1111-111111111111/v2.0",
    };
    const run = await doctor(project, {}, env);
    expect(byId(run, "provider.env-missing")).toEqual([]);
    expect(byId(run, "provider.ready").map((f) => f.message)).toContain(
      "Azure AD: AUTH_AZURE_AD_ID, AUTH_AZURE_AD_SECRET, AUTH_AZURE_AD_ISSUER set; callback URL http://localhost:3000/api/auth/callback/azure-ad.",
    );
  });
});
