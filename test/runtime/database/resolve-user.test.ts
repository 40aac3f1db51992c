import { describe, expect, test } from "vitest";
import memory from "../../../src/runtime/adapters/memory.js";
import { resolveUser } from "../../../src/runtime/core/account/resolve-user.js";
import type { InternalOptions } from "../../../src/runtime/core/internal.js";

function optionsWith(adapter = memory()): InternalOptions {
  return { adapter, events: {} } as unknown as InternalOptions;
}

const identity = (subject: string) => ({
  user: { id: subject, name: "No Address" },
  account: { type: "oauth" as const, provider: "alpha", providerAccountId: subject },
});

describe("resolveUser with providers that give no email address", () => {
  test("two users without an address both sign up (email stays null, not a shared empty string)", async () => {
    const options = optionsWith();
    const first = await resolveUser(identity("s-1"), options, null);
    const second = await resolveUser(identity("s-2"), options, null);
    expect(first.isNewUser && second.isNewUser).toBe(true);
    expect(first.user.id).not.toBe(second.user.id);
    expect((first.user as { email: unknown }).email).toBeNull();
  });

  test("a new user gets our own id, never the provider's subject", async () => {
    const { user } = await resolveUser(identity("provider-subject"), optionsWith(), null);
    expect(user.id).not.toBe("provider-subject");
  });
});
