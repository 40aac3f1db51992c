/**
 * The CLI's provider list and the runtime's provider modules describe the same providers: every entry
 * `init --providers <id>` accepts has a runtime factory of that id and display name, and the env keys the
 * CLI writes are the ones the runtime reads (`_ISSUER` exactly where the runtime has no issuer of its own),
 * or, for email links and passwords, the ones the generated config hands it. Packages an app must install
 * for a provider are this repository's tested ranges.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "../../../src/cli/providers/catalog.js";
import { resolveProvider } from "../../../src/cli/providers/resolve-id.js";
import { providerEnvKey } from "../../../src/runtime/core/provider-env.js";
import type { Provider } from "../../../src/runtime/types.js";

const runtimeDir = new URL("../../../src/runtime/providers/", import.meta.url);
/**
 * Runtime providers the CLI does not write yet, each with the issue point that brings it: the list is the
 * gap, written down, so this test fails when the CLI gains one (remove it here) or the runtime another.
 */
const NOT_IN_CLI_YET: Record<string, string> = {};
/** Runtime modules kept under an old id for existing code; the CLI resolves the id to the current provider. */
const RUNTIME_ALIASES: Record<string, string> = { "azure-ad": "microsoft-entra-id" };
const runtimeIds = readdirSync(runtimeDir)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3))
  // The generic factories are nothing without code the user writes (endpoints, a sending function).
  .filter((id) => id !== "oauth" && id !== "email" && !(id in NOT_IN_CLI_YET) && !(id in RUNTIME_ALIASES));

const repositoryPackage = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

async function factory(id: string): Promise<(options?: Record<string, unknown>) => Provider> {
  return (await import(new URL(`${id}.ts`, runtimeDir).href)).default;
}

describe("init's provider catalog", () => {
  it("offers every runtime provider except the generic oauth and email, and nothing else", () => {
    expect(PROVIDERS.map((entry) => entry.id).sort()).toEqual(runtimeIds.sort());
    for (const id of Object.keys(NOT_IN_CLI_YET)) expect(PROVIDERS.map((entry) => entry.id)).not.toContain(id);
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(26);
  });

  it.each(Object.entries(RUNTIME_ALIASES))(
    "%s: the runtime's module is %s under the old id, and the CLI sets up the current provider for it",
    async (alias, current) => {
      const [old, now] = [(await factory(alias))({ issuer: "https://issuer.example" }), (await factory(current))()];
      expect(old).toMatchObject({ id: alias, type: now.type, issuer: "https://issuer.example" });
      expect(resolveProvider(alias, "init").id).toBe(current);
    },
  );

  it.each(PROVIDERS.map((entry) => [entry.id, entry] as const))(
    "%s: same id, display name and kind as the runtime, and the env keys it reads",
    async (id, entry) => {
      const provider = (await factory(id))();
      expect(provider.id).toBe(id);
      expect(provider.name).toBe(entry.name);
      expect(provider.type).toBe(entry.kind);
      if (provider.type === "credentials" || provider.type === "webauthn") return expect(entry.envKeys).toEqual([]);
      if (entry.sender) {
        // An HTTP sender: the runtime reads its key; every other key is an option the generated config passes.
        expect(entry.envKeys[0]).toBe(providerEnvKey(id, "KEY"));
        expect(entry.optionsFromEnv?.map((o) => o.key)).toEqual(entry.envKeys.slice(1));
        expect(entry.registerAt).toMatch(/^https:\/\//);
        return expect(entry.packages).toBeUndefined();
      }
      if (provider.type === "email" || provider.type === "password") {
        // The runtime reads nothing for them: every key written is an option the generated config passes.
        expect(entry.optionsFromEnv?.map((o) => o.key)).toEqual(entry.envKeys);
        return expect(entry.optionsFromEnv?.map((o) => o.option)).toEqual(["server", "from"]);
      }
      const issuer =
        provider.type === "oidc" && !("issuer" in provider && provider.issuer) ? [providerEnvKey(id, "ISSUER")] : [];
      // A public client (VK ID: PKCE proves it at the token endpoint) has no secret to fill in.
      const publicClient = "client" in provider && provider.client?.token_endpoint_auth_method === "none";
      const secret = publicClient ? [] : [providerEnvKey(id, "SECRET")];
      // Options the generated config passes from the env (a self-hosted server's `baseUrl`) come after.
      const passed = entry.optionsFromEnv?.map((option) => option.key) ?? [];
      expect(entry.envKeys).toEqual([providerEnvKey(id, "ID"), ...secret, ...issuer, ...passed]);
      expect(entry.registerAt).toBeTruthy();
    },
  );

  it.each(
    PROVIDERS.filter((entry) => (entry.kind === "oauth" || entry.kind === "oidc") && entry.optionsFromEnv).map(
      (entry) => [entry.id, entry] as const,
    ),
  )("%s: every option the generated config passes from the env is one its factory takes", async (id, entry) => {
    for (const { option } of entry.optionsFromEnv ?? []) {
      // Taken by the factory (a server address, an API key), not left over as an unknown provider setting.
      expect((await factory(id))({ [option]: "https://server.example" })).not.toHaveProperty(option);
    }
  });

  it.each(PROVIDERS.filter((entry) => entry.packages).map((entry) => [entry.id, entry.packages!] as const))(
    "%s: the packages it adds to the app are the ranges this repository is tested with",
    (_id, packages) => {
      for (const [name, range] of Object.entries(packages)) {
        expect(repositoryPackage.dependencies[name] ?? repositoryPackage.devDependencies[name]).toBe(range);
      }
    },
  );
});
