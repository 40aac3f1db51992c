/**
 * The error classes the public surface throws: `./jwt`'s `decode` refuses a token with `JWTSessionError`
 * on the node:crypto path and on the WebCrypto path edge runtimes get alike, and the adapters throw
 * `AdapterError` (their messages unchanged), so an app matches on the runtime's own classes everywhere.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import memory from "../../../src/runtime/adapters/memory.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { createJweCodec } from "../../../src/runtime/core/crypto/jwe.js";
import { nodeCrypto } from "../../../src/runtime/core/crypto/node-crypto.js";
import { AdapterError, AuthError, JWTSessionError, MissingSecret } from "../../../src/runtime/errors.js";
import { decode, encode } from "../../../src/runtime/jwt.js";

const secret = "thrown-errors-secret-with-more-than-32-characters";
const otherSecret = "another-secret-for-thrown-errors-with-32-plus-chars";
const salt = "authjs.session-token";
const paths = [
  ["node:crypto", createJweCodec(nodeCrypto)],
  ["WebCrypto (edge runtimes)", createJweCodec(undefined)],
] as const;

/** The error `promise` rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection, got a value");
}

/** The token with the first character of its ciphertext changed (six whole bits: never base64url padding). */
function tampered(token: string): string {
  const segments = token.split(".");
  const ciphertext = segments[3] ?? "";
  segments[3] = `${ciphertext.startsWith("A") ? "B" : "A"}${ciphertext.slice(1)}`;
  return segments.join(".");
}

describe.each(paths)("decode on the %s path", (_name, codec) => {
  it("refuses a tampered token with JWTSessionError, the underlying refusal as its cause", async () => {
    const token = await codec.encode({ token: { sub: "ada" }, secret, salt });
    const error = await rejection(codec.decode({ token: tampered(token), secret, salt }));
    expect(error).toBeInstanceOf(JWTSessionError);
    expect((error as JWTSessionError).type).toBe("JWTSessionError");
    expect((error as JWTSessionError).cause?.err).toBeInstanceOf(Error);
  });

  it("refuses an expired token with JWTSessionError whose message names the exp claim", async () => {
    const token = await codec.encode({ token: { sub: "ada" }, secret, salt, maxAge: -60 });
    const error = await rejection(codec.decode({ token, secret, salt }));
    expect(error).toBeInstanceOf(JWTSessionError);
    expect((error as Error).message).toMatch(/exp/);
  });

  it("refuses a token written with another secret with JWTSessionError", async () => {
    const token = await codec.encode({ token: { sub: "ada" }, secret: otherSecret, salt });
    expect(await rejection(codec.decode({ token, secret, salt }))).toBeInstanceOf(JWTSessionError);
  });

  it("refuses a value that is not a JWE at all with JWTSessionError", async () => {
    expect(await rejection(codec.decode({ token: "not.a.token", secret, salt }))).toBeInstanceOf(JWTSessionError);
  });

  it("throws MissingSecret, not JWTSessionError, when there is no secret to decrypt with", async () => {
    const token = await codec.encode({ token: { sub: "ada" }, secret, salt });
    expect(await rejection(codec.decode({ token, secret: [], salt }))).toBeInstanceOf(MissingSecret);
  });
});

describe("decode exported from ./jwt", () => {
  it("throws the runtime's JWTSessionError, an AuthError, for a tampered token", async () => {
    const token = await encode({ token: { sub: "ada" }, secret, salt });
    const error = await rejection(decode({ token: tampered(token), secret, salt }));
    expect(error).toBeInstanceOf(JWTSessionError);
    expect(error).toBeInstanceOf(AuthError);
  });
});

describe("adapters throw AdapterError with their own message", () => {
  it("memory: updating a user that does not exist", async () => {
    const adapter = memory();
    const error = await rejection(Promise.resolve().then(() => adapter.updateUser?.({ id: "nobody", name: "x" })));
    expect(error).toBeInstanceOf(AdapterError);
    expect((error as AdapterError).type).toBe("AdapterError");
    expect((error as Error).message).toBe('Cannot update the user: no user with id "nobody".');
  });

  it("memory: creating a second user with the same email", async () => {
    const adapter = memory();
    const user = { email: "ada@example.test", emailVerified: null };
    await adapter.createUser?.({ ...user, id: "1" });
    const error = await rejection(Promise.resolve().then(() => adapter.createUser?.({ ...user, id: "2" })));
    expect(error).toBeInstanceOf(AdapterError);
    expect((error as Error).message).toBe('A user with the email "ada@example.test" already exists.');
  });

  it("sqlite: updating the counter of an authenticator that does not exist", async () => {
    const db = new Database(":memory:");
    db.exec(sqlSchema("sqlite"));
    const adapter = sqlite(db);
    const error = await rejection(Promise.resolve().then(() => adapter.updateAuthenticatorCounter?.("missing", 1)));
    expect(error).toBeInstanceOf(AdapterError);
    expect((error as Error).message).toBe('Cannot update the counter: no authenticator "missing".');
    db.close();
  });

  it("sqlite: a database object that is not a SQLite driver", () => {
    expect(() => sqlite({} as Parameters<typeof sqlite>[0])).toThrow(AdapterError);
  });
});
