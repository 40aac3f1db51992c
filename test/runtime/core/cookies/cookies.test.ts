import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeCookieValue, parseCookieHeader, serializeCookie } from "../../../../src/runtime/core/cookies/header.js";
import {
  CHUNK_SIZE,
  clearChunked,
  defaultCookies,
  readChunked,
  resolveCookies,
  writeChunked,
} from "../../../../src/runtime/core/cookies/names.js";

const attributes = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: false };

/** What a browser's jar holds after applying `written` over `jar`. */
function applyTo(jar: Record<string, string>, written: ReturnType<typeof writeChunked>): Record<string, string> {
  const next = { ...jar };
  for (const cookie of written) {
    if (cookie.options.maxAge === 0) delete next[cookie.name];
    else next[cookie.name] = cookie.value;
  }
  return next;
}

describe("cookie names", () => {
  it("uses the reference's names without prefixes on http", () => {
    const cookies = defaultCookies(false);
    expect(cookies.sessionToken.name).toBe("authjs.session-token");
    expect(cookies.csrfToken.name).toBe("authjs.csrf-token");
    expect(cookies.callbackUrl.name).toBe("authjs.callback-url");
    expect(cookies.pkceCodeVerifier.name).toBe("authjs.pkce.code_verifier");
    expect(cookies.sessionToken.options).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
  });

  it("prefixes every cookie __Host- (host-only, Path=/) and sets Secure with secure cookies", () => {
    const cookies = defaultCookies(true);
    expect(cookies.sessionToken.name).toBe("__Host-authjs.session-token");
    expect(cookies.callbackUrl.name).toBe("__Host-authjs.callback-url");
    expect(cookies.csrfToken.name).toBe("__Host-authjs.csrf-token");
    expect(cookies.state.name).toBe("__Host-authjs.state");
    expect(cookies.state.options.maxAge).toBe(900);
    expect(cookies.csrfToken.options.secure).toBe(true);
  });

  it("merges a user's override per cookie, keeping unspecified options", () => {
    const cookies = resolveCookies(false, {
      sessionToken: { name: "my-session", options: { domain: "example.test" } },
    });
    expect(cookies.sessionToken).toEqual({ name: "my-session", options: { ...attributes, domain: "example.test" } });
    expect(cookies.csrfToken.name).toBe("authjs.csrf-token");
  });
});

describe("Set-Cookie serialization", () => {
  it("writes HttpOnly, SameSite=Lax, Path=/ and Secure", () => {
    const header = serializeCookie({ name: "a", value: "1", options: { ...attributes, secure: true } });
    expect(header).toBe("a=1; Path=/; HttpOnly; Secure; SameSite=Lax");
  });

  it("clears with Max-Age=0 and an epoch Expires", () => {
    const header = serializeCookie({ name: "a", value: "", options: { ...attributes, maxAge: 0 } });
    expect(header).toBe("a=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax");
  });

  it("writes an absolute Expires", () => {
    const expires = new Date("2030-01-02T03:04:05Z");
    expect(serializeCookie({ name: "a", value: "1", options: { expires } })).toBe(
      "a=1; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Path=/",
    );
  });

  it("percent-encodes values so separators cannot inject attributes", () => {
    const header = serializeCookie({ name: "a", value: "x; Domain=evil.test", options: {} });
    expect(header).toBe("a=x%3B%20Domain%3Devil.test; Path=/");
    expect(parseCookieHeader("a=x%3B%20Domain%3Devil.test")).toEqual({ a: "x; Domain=evil.test" });
  });

  it("encodes any value as encodeURIComponent does, the ones it leaves unchanged included", () => {
    // encodeCookieValue skips encodeURIComponent for values it would not change: the two must never differ
    // (a lone surrogate throws URIError on both).
    const encoded = (value: string) => {
      try {
        return encodeURIComponent(value);
      } catch (error) {
        return error instanceof URIError ? "URIError" : "other";
      }
    };
    const ours = (value: string) => {
      try {
        return encodeCookieValue(value);
      } catch (error) {
        return error instanceof URIError ? "URIError" : "other";
      }
    };
    const unreserved = fc.constantFrom(..."abzAZ09-_.!~*'()|".split(""));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: fc.oneof(unreserved, fc.string({ minLength: 1, maxLength: 1, unit: "binary" })) }),
          fc.string({ unit: unreserved }),
          fc.string({ unit: "binary" }),
        ),
        (value) => {
          expect(ours(value)).toBe(encoded(value));
        },
      ),
      { numRuns: 2_000 },
    );
    for (const value of [
      "a.b_c-d~e",
      "a|b",
      "a|b|c",
      "|",
      "a|",
      "|b",
      "a|b c",
      "é|a",
      "a b",
      "é",
      "\ud800",
      "",
      "a\nb",
      "%41",
    ])
      expect(ours(value)).toBe(encoded(value));
  });

  it("decodes the same values alike on every request, past the bound of remembered decodings", () => {
    // parseCookieHeader remembers decodings (a browser sends the same ones each time): repeated, malformed
    // and more distinct values than it keeps must read as the first time.
    for (let round = 0; round < 2; round++) {
      expect(parseCookieHeader("csrf=a%7Cb; bad=%E0%A4%A; url=http%3A%2F%2Fx")).toEqual({
        csrf: "a|b",
        bad: "%E0%A4%A",
        url: "http://x",
      });
      for (let index = 0; index < 1_500; index++) {
        expect(parseCookieHeader(`v=${index}%20${index}`)).toEqual({ v: `${index} ${index}` });
      }
    }
  });

  it("refuses a cookie name that is not an RFC 6265 token", () => {
    expect(() => serializeCookie({ name: "a b", value: "1", options: {} })).toThrow(TypeError);
  });
});

describe("chunking", () => {
  const name = "authjs.session-token";

  it("keeps a value of CHUNK_SIZE characters in one cookie", () => {
    const written = writeChunked({}, name, "v".repeat(CHUNK_SIZE), attributes);
    expect(written.map((cookie) => cookie.name)).toEqual([name]);
  });

  it("splits a longer value into .0, .1 … and reads it back whole", () => {
    const value = Array.from({ length: 9000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join("");
    const written = writeChunked({}, name, value, attributes);
    expect(written.map((cookie) => cookie.name)).toEqual([`${name}.0`, `${name}.1`, `${name}.2`]);
    expect(written.every((cookie) => cookie.value.length <= CHUNK_SIZE)).toBe(true);
    expect(readChunked(applyTo({}, written), name)).toBe(value);
  });

  it("orders chunks numerically, not lexically (.10 after .9)", () => {
    const jar: Record<string, string> = {};
    for (let index = 0; index < 11; index++) jar[`${name}.${index}`] = String.fromCharCode(65 + index);
    expect(readChunked(jar, name)).toBe("ABCDEFGHIJK");
  });

  it("expires stale chunks when a shorter value replaces a chunked one", () => {
    const long = writeChunked({}, name, "l".repeat(3 * CHUNK_SIZE), attributes);
    const jar = applyTo({}, long);
    const short = writeChunked(jar, name, "short", attributes);
    const after = applyTo(jar, short);
    expect(after).toEqual({ [name]: "short" });
  });

  it("expires a whole cookie when the new value needs chunks", () => {
    const jar = { [name]: "old" };
    const after = applyTo(jar, writeChunked(jar, name, "n".repeat(CHUNK_SIZE + 1), attributes));
    expect(Object.keys(after).sort()).toEqual([`${name}.0`, `${name}.1`]);
  });

  it("ignores cookies that merely share the prefix", () => {
    expect(readChunked({ [`${name}-other`]: "x", [`${name}.x`]: "y" }, name)).toBeUndefined();
  });

  it("takes as chunks only <name>.<digits>: not a dotted suffix, an empty index or a name that ends in it", () => {
    const jar = {
      [name]: "whole",
      [`${name}.1a`]: "x",
      [`${name}.`]: "x",
      [`${name}.0.1`]: "x",
      [`x${name}.0`]: "x",
      [`${name}.２`]: "x",
    };
    expect(readChunked(jar, name)).toBe("whole");
    expect(readChunked({ ...jar, [`${name}.007`]: "seven" }, name)).toBe("seven");
    // Clearing expires the whole cookie and leaves the look-alikes alone.
    const { [name]: _whole, ...lookAlikes } = jar;
    expect(applyTo(jar, clearChunked(jar, name, attributes))).toEqual(lookAlikes);
  });

  it("clears every chunk", () => {
    const jar = { [`${name}.0`]: "a", [`${name}.1`]: "b", unrelated: "c" };
    expect(applyTo(jar, clearChunked(jar, name, attributes))).toEqual({ unrelated: "c" });
  });
});
