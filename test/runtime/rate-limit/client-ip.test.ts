/**
 * The client address for per-client limits, against what an attacker can send: any header text, any number of
 * header lines, forged entries before the real ones. Properties (fast-check, the suite's fixed seed) hold for
 * generated addresses and attacker input; examples pin the cases a reviewer asks about by name.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkClientIpTrust, clientIp } from "../../../src/runtime/rate-limit/client-ip.js";
import { parseIp, parseIpWithPort } from "../../../src/runtime/rate-limit/ip-address.js";

/** A header value the Fetch API accepts (Latin-1, no CR/LF/NUL), as a client could send it. */
function acceptedHeaderValue(value: string): boolean {
  try {
    new Headers({ "x-test": value });
    return true;
  } catch {
    return false;
  }
}

const address = fc.oneof(fc.ipV4(), fc.ipV6());
const fragment = fc.oneof(
  address,
  fc.constantFrom("unknown", "", " ", '"', "[", "]", ",", ";", "for=", "for=203.0.113.9", '"[::1]:443"', "_hidden"),
  fc.constantFrom(
    "203.0.113.9:80",
    "[2001:db8::9]:443",
    "127.1",
    "0x7f.0.0.1",
    "010.0.0.1",
    "999.1.1.1",
    "::ffff:1.2.3.4",
  ),
);
/** What an attacker writes into a forwarding header: arbitrary bytes, or lists built of address-like pieces. */
const attackerValue = fc
  .oneof(
    fc.string({ unit: "binary-ascii", maxLength: 120 }),
    fc.string({ unit: "binary", maxLength: 60 }),
    fc
      .array(fragment, { maxLength: 8 })
      .chain((parts) => fc.constantFrom(", ", ",", " ,", ";").map((separator) => parts.join(separator))),
  )
  .filter(acceptedHeaderValue);

function request(headers: Array<[string, string]>): Request {
  const h = new Headers();
  for (const [name, value] of headers) h.append(name, value);
  return new Request("https://app.example/auth/signin", { headers: h });
}

describe("without a trust setting", () => {
  it("never reads a forwarding header: the socket peer's address, whatever the client sent", () => {
    fc.assert(
      fc.property(address, attackerValue, attackerValue, attackerValue, (peer, xff, forwarded, realIp) => {
        const forged = request([
          ["x-forwarded-for", xff],
          ["forwarded", forwarded],
          ["x-real-ip", realIp],
        ]);
        expect(clientIp(forged, undefined, peer)).toBe(parseIp(peer));
        expect(clientIp(forged, undefined)).toBeNull();
      }),
    );
  });

  it("answers null for X-Forwarded-For alone, with no socket address", () => {
    expect(clientIp(request([["x-forwarded-for", "203.0.113.9"]]), undefined)).toBeNull();
  });
});

describe("X-Forwarded-For with trusted hops", () => {
  it("finds the address the outermost trusted proxy saw, whatever the client wrote before it", () => {
    fc.assert(
      fc.property(
        fc.option(attackerValue, { nil: undefined }),
        address,
        fc.array(address, { maxLength: 3 }),
        fc.boolean(),
        (forged, client, innerProxies, separateLines) => {
          // Each proxy appends what it received the request from; some append a line instead of extending one.
          const appended = [client, ...innerProxies];
          const sent = forged === undefined ? [] : [forged];
          const headers: Array<[string, string]> = separateLines
            ? [...sent, ...appended].map((line) => ["x-forwarded-for", line])
            : [["x-forwarded-for", [...sent, ...appended].join(", ")]];
          const trust = { header: "x-forwarded-for", hops: appended.length };
          expect(clientIp(request(headers), trust, "10.0.0.1")).toBe(parseIp(client));
        },
      ),
    );
  });

  it("answers null or a canonical address for any header text, never throwing", () => {
    fc.assert(
      fc.property(attackerValue, fc.integer({ min: 1, max: 4 }), (value, hops) => {
        const found = clientIp(request([["x-forwarded-for", value]]), { header: "x-forwarded-for", hops });
        if (found !== null) expect(parseIp(found)).toBe(found);
      }),
    );
  });

  it.each([
    ["203.0.113.9, 198.51.100.2", 1, "198.51.100.2"],
    ["203.0.113.9, 198.51.100.2", 2, "203.0.113.9"],
    ["198.51.100.2", 2, null],
    ["203.0.113.9, garbage", 1, null],
    ["203.0.113.9,", 1, null],
    ["2001:DB8::1", 1, "2001:db8::1"],
    ["::ffff:198.51.100.2", 1, "198.51.100.2"],
    ["198.51.100.2:51234", 1, "198.51.100.2"],
    ["[2001:db8::1]:443", 1, "2001:db8::1"],
    ["0x7f.0.0.1", 1, null],
    ["127.1", 1, null],
    ["010.0.0.1", 1, null],
    ["fe80::1%eth0", 1, null],
  ])("reads %j with %i hop(s) as %j", (value, hops, expected) => {
    expect(clientIp(request([["x-forwarded-for", value]]), { header: "x-forwarded-for", hops })).toBe(expected);
  });
});

describe("Forwarded (RFC 7239) with trusted hops", () => {
  it("finds the for= of the outermost trusted proxy's element, whatever the client wrote before it", () => {
    fc.assert(
      fc.property(fc.option(attackerValue, { nil: undefined }), address, fc.nat(65_535), (forged, client, port) => {
        const node = client.includes(":") ? `"[${client}]:${port}"` : `"${client}:${port}"`;
        const element = `for=${node};proto=https;by=10.0.0.1`;
        const value = forged === undefined ? element : `${forged}, ${element}`;
        expect(clientIp(request([["forwarded", value]]), { header: "forwarded", hops: 1 })).toBe(parseIp(client));
      }),
    );
  });

  it.each([
    ["for=192.0.2.60;proto=http;by=203.0.113.43", "192.0.2.60"],
    ['For="[2001:db8:cafe::17]:4711"', "2001:db8:cafe::17"],
    ["for=unknown", null],
    ["for=_hidden", null],
    ["for=192.0.2.60;for=192.0.2.61", null],
    ['for="192.0.2.60', null],
    ["proto=https", null],
  ])("reads %j as %j", (value, expected) => {
    expect(clientIp(request([["forwarded", value]]), { header: "forwarded", hops: 1 })).toBe(expected);
  });
});

describe("a single-address header set by the platform", () => {
  it("reads one address, and nothing from a list or garbage", () => {
    const trust = { header: "cf-connecting-ip" };
    expect(clientIp(request([["cf-connecting-ip", " 198.51.100.2 "]]), trust)).toBe("198.51.100.2");
    expect(clientIp(request([["cf-connecting-ip", "203.0.113.9, 198.51.100.2"]]), trust)).toBeNull();
    expect(clientIp(request([["cf-connecting-ip", "nonsense"]]), trust)).toBeNull();
    expect(clientIp(request([["x-forwarded-for", "198.51.100.2"]]), trust)).toBeNull();
  });
});

describe("trust settings", () => {
  it.each([
    [{ header: "X-Forwarded-For", hops: 1 }, /lower-case header name/],
    [{ header: "x-forwarded-for" }, /hops must be/],
    [{ header: "x-forwarded-for", hops: 0 }, /hops must be/],
    [{ header: "forwarded", hops: 17 }, /hops must be/],
    [{ header: "x-real-ip", hops: 1 }, /applies to x-forwarded-for and forwarded/],
  ])("refuses %j", (trust, message) => {
    expect(() => checkClientIpTrust(trust)).toThrow(message);
    expect(() => clientIp(request([]), trust)).toThrow(message);
  });
});

describe("address literals", () => {
  it("gives one canonical spelling per address, which reads back as itself", () => {
    fc.assert(
      fc.property(address, (text) => {
        const canonical = parseIp(text);
        expect(canonical).not.toBeNull();
        expect(parseIp(canonical as string)).toBe(canonical);
        expect(parseIp(text.toUpperCase())).toBe(canonical);
        expect(parseIpWithPort(canonical?.includes(":") ? `[${canonical}]:8080` : `${canonical}:8080`)).toBe(canonical);
      }),
    );
  });
});
