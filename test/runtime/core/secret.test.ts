import { describe, expect, it } from "vitest";
import { requireSecrets, secretList } from "../../../src/runtime/core/secret.js";
import { MissingSecret } from "../../../src/runtime/errors.js";

describe("the secret list (core/secret.ts), shared by the config and ./jwt", () => {
  it("keeps a rotation list in order, newest first, and drops empty entries", () => {
    expect(secretList(["new", "", "old"])).toEqual(["new", "old"]);
    expect(secretList("only")).toEqual(["only"]);
  });

  it("reads no secret from undefined, an empty string or a list of empty strings", () => {
    expect(secretList(undefined)).toEqual([]);
    expect(secretList("")).toEqual([]);
    expect(secretList(["", ""])).toEqual([]);
  });

  it("makes a codec fail with MissingSecret where the config would find none", () => {
    for (const secret of [undefined, "", ["", ""]]) {
      expect(() => requireSecrets(secret)).toThrow(MissingSecret);
    }
    expect(requireSecrets(["a", "b"])).toEqual(["a", "b"]);
  });
});
