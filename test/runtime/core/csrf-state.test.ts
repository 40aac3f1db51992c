// The CSRF state of one request (core/csrf.ts createCsrfState) on both of its paths: synchronous with
// node:crypto's digest, and with WebCrypto's digests computed first (edge runtimes). Both must mint, prove
// and refuse exactly alike; Node's must answer without a promise, since every request runs it.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type CsrfState, createCsrfState } from "../../../src/runtime/core/csrf.js";

const sha256 = (input: string) => createHash("sha256").update(input).digest("hex");

const paths = [
  ["node:crypto", (params: Parameters<typeof createCsrfState>[0]) => createCsrfState(params, sha256)],
  ["WebCrypto", (params: Parameters<typeof createCsrfState>[0]) => createCsrfState(params, undefined)],
] as const;

describe.each(paths)("CSRF state with %s", (_path, state) => {
  // A secret list of its own per test: proven cookies are remembered per list.
  const secrets = () => ["current-secret-with-more-than-thirty-two-chars", "rotated-out-secret-still-accepted"];
  const request = (cookieValue: string | undefined, bodyValue?: string, isPost = false) => ({
    cookieValue,
    bodyValue,
    isPost,
    secrets: secrets(),
  });

  it("mints a token and a cookie hashed with the first secret when none is presented", async () => {
    const minted: CsrfState = await state(request(undefined));
    expect(minted.token).toMatch(/^[0-9a-f]{64}$/);
    expect(minted.cookie).toBe(`${minted.token}|${sha256(`${minted.token}${secrets()[0]}`)}`);
    expect(minted.verified).toBe(false);
  });

  it("keeps a cookie hashed with a rotated secret and verifies a POST that echoes its token", async () => {
    const token = "e".repeat(64);
    const cookie = `${token}|${sha256(`${token}${secrets()[1]}`)}`;
    expect(await state(request(cookie, token, true))).toEqual({ token, verified: true });
    expect(await state(request(cookie, "f".repeat(64), true))).toEqual({ token, verified: false });
    expect(await state(request(cookie, token, false))).toEqual({ token, verified: false });
  });

  it("replaces a cookie hashed with another secret, or without a hash, by a fresh one", async () => {
    const token = "c".repeat(64);
    for (const planted of [`${token}|${sha256(`${token}guessed-secret`)}`, token, `|${sha256(secrets()[0]!)}`]) {
      const answer = await state(request(planted, token, true));
      expect(answer.token).not.toBe(token);
      expect(answer.cookie).toBe(`${answer.token}|${sha256(`${answer.token}${secrets()[0]}`)}`);
      expect(answer.verified).toBe(false);
    }
  });
});

describe("CSRF state on Node", () => {
  it("answers without a promise when node:crypto digests", () => {
    const secrets = ["current-secret-with-more-than-thirty-two-chars"];
    const answer = createCsrfState({ cookieValue: undefined, bodyValue: undefined, isPost: false, secrets });
    expect(answer).not.toBeInstanceOf(Promise);
  });
});
