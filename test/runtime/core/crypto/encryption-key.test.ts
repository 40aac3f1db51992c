// The two derivations of the JWE key (core/crypto/encryption-key.ts): node:crypto's, which Node runs, and
// WebCrypto's, which edge runtimes run, give the same key and `kid` for any secret and cookie name, so a
// session minted on one runtime reads on the other.

import * as node from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContentEncryption,
  deriveWithNode,
  deriveWithWebCrypto,
} from "../../../../src/runtime/core/crypto/encryption-key.js";

const encryptions: ContentEncryption[] = ["A256CBC-HS512", "A256GCM"];

describe("the JWE key derivation", () => {
  it("gives the same key and kid on node:crypto as on WebCrypto, for any secret and salt", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 80, unit: "grapheme" }),
        fc.string({ maxLength: 40, unit: "grapheme" }),
        fc.constantFrom(...encryptions),
        async (secret, salt, enc) => {
          const web = await deriveWithWebCrypto(secret, salt, enc);
          expect(deriveWithNode(node, secret, salt, enc)).toEqual(web);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("derives a 64-byte key with a SHA-512 thumbprint for A256CBC-HS512 and 32 bytes with SHA-256 for A256GCM", () => {
    const cbc = deriveWithNode(
      node,
      "a secret of at least thirty-two characters",
      "authjs.session-token",
      "A256CBC-HS512",
    );
    const gcm = deriveWithNode(node, "a secret of at least thirty-two characters", "authjs.session-token", "A256GCM");
    expect(cbc.key).toHaveLength(64);
    expect(gcm.key).toHaveLength(32);
    expect(Buffer.from(cbc.kid, "base64url")).toHaveLength(64);
    expect(Buffer.from(gcm.kid, "base64url")).toHaveLength(32);
  });
});
