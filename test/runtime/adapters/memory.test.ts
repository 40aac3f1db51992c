import { afterAll, beforeAll, describe, expect, test } from "vitest";
import memory, { createMemoryStore } from "../../../src/runtime/adapters/memory.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { memoryStoreReader } from "../../support/adapter-memory-reader.mjs";

const store = createMemoryStore();
runAdapterTests({
  adapter: memory(store),
  db: memoryStoreReader(store),
  runner: { describe, test, beforeAll, afterAll },
});

describe("memory adapter", () => {
  test("refuses a second user with the same email, as the SQL schema's unique key does", async () => {
    const adapter = memory();
    await adapter.createUser?.({ id: "a", email: "same@example.test", emailVerified: null });
    await expect(adapter.createUser?.({ id: "b", email: "same@example.test", emailVerified: null })).rejects.toThrow(
      /already exists/,
    );
  });

  test("refuses a session for a user that does not exist, as the SQL schema's foreign key does", async () => {
    const adapter = memory();
    await expect(adapter.createSession?.({ sessionToken: "t", userId: "nobody", expires: new Date() })).rejects.toThrow(
      /no user with id "nobody"/,
    );
  });

  test("two adapters without a shared store see different data", async () => {
    const [first, second] = [memory(), memory()];
    await first.createUser?.({ id: "a", email: "a@example.test", emailVerified: null });
    expect(await second.getUser?.("a")).toBeNull();
  });
});
