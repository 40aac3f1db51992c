/**
 * remove-provider and the runtime's old provider ids: `azure-ad` names Microsoft Entra ID, and an auth module
 * written for Auth.js may still import `providers/azure-ad` (the runtime keeps that module for such code).
 * Either id removes the provider, whichever of the two modules the auth module imports. In memory, as users
 * type the commands.
 */
import { describe, expect, it } from "vitest";
import { initFixture, type MemoryProject, runInMemory } from "../../support.js";

const APPLY = ["--yes", "--no-install"];

function cli(project: MemoryProject, command: string, id: string, flags: string[] = APPLY) {
  return runInMemory(project, [command, id, project.root, ...flags], { bin: "auth" });
}

describe("remove-provider knows the old id azure-ad", () => {
  it("remove-provider azure-ad takes out the Microsoft Entra ID that add-provider added", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", ...APPLY]);
    const initialised = new Map(project.files);
    expect((await cli(project, "add-provider", "microsoft-entra-id")).status).toBe(0);
    const run = await cli(project, "remove-provider", "azure-ad");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Removing Microsoft Entra ID (microsoft-entra-id) from auth.ts.");
    expect(project.files).toEqual(initialised);
  }, 60_000);

  it.each(["microsoft-entra-id", "azure-ad"])(
    "remove-provider %s takes out an auth module's import of providers/azure-ad",
    async (id) => {
      const { project } = await initFixture("next-app", ["--providers", "credentials,microsoft-entra-id", ...APPLY]);
      // The module as an app migrated from Auth.js has it: the old module and its factory name.
      const auth = project.files
        .get("auth.ts")!
        .replace("@create-auth/runtime/providers/microsoft-entra-id", "@create-auth/runtime/providers/azure-ad")
        .replaceAll("MicrosoftEntraID", "AzureAD");
      project.files.set("auth.ts", auth);
      expect(auth).toContain('import AzureAD from "@create-auth/runtime/providers/azure-ad"');

      const run = await cli(project, "remove-provider", id, ["--yes", "--no-install", "--json"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, wasConfigured: true });
      const after = project.files.get("auth.ts")!;
      expect(after).not.toContain("azure-ad");
      expect(after).not.toContain("AzureAD");
      expect(after).toContain("Credentials(");
      // The keys init wrote for the provider go with it, whichever module read them.
      expect(project.files.get(".env.local")).not.toContain("AUTH_MICROSOFT_ENTRA_ID_");
    },
    60_000,
  );

  it("remove-provider azure-ad takes back the blank AUTH_AZURE_AD_* keys the old module reads", async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials,microsoft-entra-id", ...APPLY]);
    // An app migrated from Auth.js: the old module, its factory name and its own env keys.
    for (const file of ["auth.ts", ".env.local", ".env.example"]) {
      project.files.set(
        file,
        project.files
          .get(file)!
          .replace("@create-auth/runtime/providers/microsoft-entra-id", "@create-auth/runtime/providers/azure-ad")
          .replaceAll("MicrosoftEntraID", "AzureAD")
          .replaceAll("AUTH_MICROSOFT_ENTRA_ID_", "AUTH_AZURE_AD_"),
      );
    }
    expect(project.files.get(".env.local")).toMatch(/^AUTH_AZURE_AD_ISSUER=$/m);
    const run = await cli(project, "remove-provider", "azure-ad");
    expect(run.status, run.stderr).toBe(0);
    for (const file of [".env.local", ".env.example"]) expect(project.files.get(file)).not.toContain("AUTH_AZURE_AD_");
  }, 60_000);
});
