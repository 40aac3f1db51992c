/**
 * The opt-in Have I Been Pwned range check, against a loopback node:http stand-in that answers the range
 * API's format (the real API is never called here): only a 5-character prefix and the padding header leave,
 * zero-count padding entries are decoys, and timeouts, errors and odd bodies fail open or closed as configured.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBreached, createPasswordPolicy, PWNED_PASSWORDS_RANGE } from "../../../src/runtime/password/index.js";

const BREACHED = "correct horse battery staple"; // genuinely in Pwned Passwords, answered here with this count
const CLEAN = "violet mountain lake at dawn";
const PADDED = "another quiet passphrase here";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();

const requests: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let mode: "normal" | "hang" | "error" | "garbage" | "huge" = "normal";

/** Answers like api.pwnedpasswords.com/range/{prefix}: suffix:count lines, CRLF, padding with count 0. */
const server = createServer((request, response) => {
  requests.push({ url: request.url ?? "", headers: request.headers });
  if (mode === "hang") return;
  if (mode === "error") return void response.writeHead(503).end("overloaded");
  if (mode === "garbage") return void response.end("<html>captive portal</html>");
  if (mode === "huge") return void response.end(`${"0".repeat(35)}:1\r\n`.repeat(40_000));
  const prefix = (request.url ?? "").split("/").pop() ?? "";
  const lines: string[] = [];
  for (let i = 0; i < 800; i++)
    lines.push(`${createHash("sha1").update(`${prefix}${i}`).digest("hex").slice(0, 35).toUpperCase()}:0`);
  if (sha1(BREACHED).startsWith(prefix)) lines.splice(400, 0, `${sha1(BREACHED).slice(5)}:3912`);
  if (sha1(PADDED).startsWith(prefix)) lines.splice(100, 0, `${sha1(PADDED).slice(5)}:0`);
  response.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
});
let endpoint = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("checkBreached", () => {
  it("finds a breached password's count, sending only the 5-character prefix with Add-Padding", async () => {
    mode = "normal";
    requests.length = 0;
    expect(await checkBreached(BREACHED, { endpoint })).toEqual({ status: "breached", count: 3912 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`/range/${sha1(BREACHED).slice(0, 5)}`);
    expect(requests[0]?.headers["add-padding"]).toBe("true");
    expect(JSON.stringify(requests[0])).not.toContain(sha1(BREACHED).slice(5, 12));
  });

  it("answers clean for an absent suffix, and for one present only as zero-count padding", async () => {
    mode = "normal";
    expect(await checkBreached(CLEAN, { endpoint })).toEqual({ status: "clean" });
    expect(await checkBreached(PADDED, { endpoint })).toEqual({ status: "clean" });
  });

  it("answers unavailable on a timeout, an error status, a body that is not the range format, or a huge one", async () => {
    mode = "hang";
    const started = performance.now();
    expect(await checkBreached(CLEAN, { endpoint, timeoutMs: 200 })).toEqual({
      status: "unavailable",
      cause: "timeout",
    });
    expect(performance.now() - started).toBeLessThan(1500);
    mode = "error";
    expect(await checkBreached(CLEAN, { endpoint })).toEqual({ status: "unavailable", cause: "status" });
    mode = "garbage";
    expect(await checkBreached(CLEAN, { endpoint })).toEqual({ status: "unavailable", cause: "malformed" });
    mode = "huge";
    expect(await checkBreached(CLEAN, { endpoint })).toEqual({ status: "unavailable", cause: "malformed" });
    expect(await checkBreached(CLEAN, { endpoint: "http://127.0.0.1:1/range/" })).toEqual({
      status: "unavailable",
      cause: "network",
    });
  });

  it("uses the injected fetch, and defaults to the real range endpoint (named, not called)", async () => {
    mode = "normal";
    const seen: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push(String(input).replace(PWNED_PASSWORDS_RANGE, endpoint));
      return globalThis.fetch(String(input).replace(PWNED_PASSWORDS_RANGE, endpoint), init);
    };
    expect(await checkBreached(BREACHED, { fetch })).toEqual({ status: "breached", count: 3912 });
    expect(PWNED_PASSWORDS_RANGE).toBe("https://api.pwnedpasswords.com/range/");
    expect(seen).toEqual([`${endpoint}${sha1(BREACHED).slice(0, 5)}`]);
  });
});

describe("the policy with the breach check on", () => {
  it("refuses a breached password with its count, and passes a clean one", async () => {
    mode = "normal";
    const policy = createPasswordPolicy({ breachCheck: { endpoint } });
    expect(await policy.check(BREACHED)).toEqual({
      ok: false,
      reasons: [{ code: "breached", count: 3912 }],
      breachCheck: "breached",
    });
    expect(await policy.check(CLEAN)).toEqual({ ok: true, reasons: [], breachCheck: "clean" });
  });

  it("does not ask the API about a password already refused offline", async () => {
    mode = "normal";
    requests.length = 0;
    const result = await createPasswordPolicy({ breachCheck: { endpoint } }).check("short");
    expect(result).toMatchObject({ ok: false, breachCheck: "skipped" });
    expect(requests).toHaveLength(0);
  });

  it("fails open by default and closed when configured, when the API cannot answer", async () => {
    mode = "error";
    expect(await createPasswordPolicy({ breachCheck: { endpoint } }).check(CLEAN)).toEqual({
      ok: true,
      reasons: [],
      breachCheck: "unavailable",
    });
    expect(await createPasswordPolicy({ breachCheck: { endpoint, whenUnavailable: "refuse" } }).check(CLEAN)).toEqual({
      ok: false,
      reasons: [{ code: "breach-check-unavailable" }],
      breachCheck: "unavailable",
    });
  });
});
