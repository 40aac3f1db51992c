import { describe, expect, it } from "vitest";
import { copyWith } from "../../../src/runtime/core/copy-with.js";

describe("copyWith", () => {
  it("makes the members a spread makes, in the same order, the added ones replacing in place", () => {
    const source = { id: 1, name: "Ada", image: null };
    const copy = copyWith(source, { id: "user-1", extra: true });
    expect(copy).toEqual({ ...source, ...{ id: "user-1", extra: true } });
    expect(Object.keys(copy)).toEqual(["id", "name", "image", "extra"]);
    expect(source.id).toBe(1);
  });

  it("copies an own __proto__ member as a member, never as the copy's prototype", () => {
    const source = JSON.parse('{"name":"Ada","__proto__":{"admin":true}}');
    const copy = copyWith(source, { id: "user-1" });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ admin: true });
    expect((copy as { admin?: unknown }).admin).toBeUndefined();
  });
});
