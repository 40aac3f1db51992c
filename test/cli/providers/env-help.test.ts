/**
 * The catalog's help for env keys, checked over every provider: each key beyond a client's id and secret says
 * what goes in it, a key several providers share (the mail settings) says the same for each (init writes it
 * once for them all, remove finds it by that text), and the text is one plain line a dotenv comment can hold.
 */
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "../../../src/cli/providers/catalog.js";
import { envKeyComment, envKeyComments } from "../../../src/cli/providers/env-help.js";
import { providerEnvKey } from "../../../src/runtime/core/provider-env.js";

describe("envHelp in the catalog", () => {
  it.each(PROVIDERS.map((provider) => [provider.id, provider] as const))(
    "%s: every key beyond the client's id and secret has help, and help names only its keys",
    (_, provider) => {
      const client = (key: string) =>
        [providerEnvKey(provider.id, "ID"), providerEnvKey(provider.id, "SECRET")].includes(key);
      const extra = provider.envKeys.filter((key) => !client(key));
      expect(Object.keys(provider.envHelp ?? {}).sort()).toEqual(extra.sort());
    },
  );

  it("a key several providers read has the same help in each", () => {
    const seen = new Map<string, string>();
    for (const provider of PROVIDERS) {
      for (const [key, help] of Object.entries(provider.envHelp ?? {})) {
        expect(help, `${provider.id} ${key}`).toBe(seen.get(key) ?? help);
        seen.set(key, help);
      }
    }
    expect(seen.get("EMAIL_FROM")).toBeDefined();
  });

  it("each help is one line with no quote that could pair with a value's, and says where to look", () => {
    for (const provider of PROVIDERS) {
      for (const [key, help] of Object.entries(provider.envHelp ?? {})) {
        expect(help, `${provider.id} ${key}`).not.toMatch(/[\r\n"`]/);
        expect(help, `${provider.id} ${key}`).toMatch(/^[a-z]/);
      }
    }
  });

  it("the issuer-per-tenant providers give their issuer's shape", () => {
    const issuers = PROVIDERS.filter((provider) => provider.envKeys.some((key) => key.endsWith("_ISSUER")));
    expect(issuers.length).toBeGreaterThan(20);
    for (const provider of issuers) {
      const key = provider.envKeys.find((name) => name.endsWith("_ISSUER"))!;
      expect(provider.envHelp?.[key], provider.id).toMatch(/https:\/\//);
    }
  });

  it("the comment is the help as a sentence, the same for every provider that shares a key", () => {
    expect(envKeyComment("your Resend API key")).toBe("Your Resend API key");
    const comments = envKeyComments(PROVIDERS.filter((provider) => ["resend", "password"].includes(provider.id)));
    expect([...comments.keys()].sort()).toEqual(["AUTH_RESEND_KEY", "EMAIL_FROM", "EMAIL_SERVER"]);
  });
});
