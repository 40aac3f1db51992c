/**
 * The CLI's provider list and the runtime's provider modules describe the same providers: every entry
 * `init --providers <id>` accepts has a runtime factory of that id and display name, and the env keys the
 * CLI writes are the ones the runtime reads (`_ISSUER` exactly where the runtime has no issuer of its own).
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envPrefix, PROVIDERS } from "../../../src/cli/providers/catalog.js";
import type { Provider } from "../../../src/runtime/types.js";

const runtimeDir = new URL("../../../src/runtime/providers/", import.meta.url);
const runtimeIds = readdirSync(runtimeDir)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3))
  .filter((id) => id !== "oauth");

async function factory(id: string): Promise<() => Provider> {
  return (await import(new URL(`${id}.ts`, runtimeDir).href)).default;
}

describe("init's provider catalog", () => {
  it("offers every runtime provider except the endpoint-only generic oauth, and nothing else", () => {
    expect(PROVIDERS.map((entry) => entry.id).sort()).toEqual(runtimeIds.sort());
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(26);
  });

  it.each(PROVIDERS.map((entry) => [entry.id, entry] as const))(
    "%s: same id, display name and kind as the runtime, and the env keys it reads",
    async (id, entry) => {
      const provider = (await factory(id))();
      expect(provider.id).toBe(id);
      expect(provider.name).toBe(entry.name);
      expect(provider.type).toBe(entry.kind);
      if (provider.type === "credentials") return expect(entry.envKeys).toEqual([]);
      const prefix = envPrefix(id);
      const issuer = provider.type === "oidc" && !("issuer" in provider && provider.issuer) ? [`${prefix}_ISSUER`] : [];
      expect(entry.envKeys).toEqual([`${prefix}_ID`, `${prefix}_SECRET`, ...issuer]);
      expect(entry.registerAt).toBeTruthy();
    },
  );
});
