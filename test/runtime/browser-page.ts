/**
 * A browser page at ORIGIN/settings for the client helpers (react/client.ts, sveltekit/client.ts) in a unit
 * test: its `fetch` is answered by the real `Auth` with the cookies kept in a jar, and its
 * `navigator.credentials.create()` is a software authenticator. Globals are stubbed: restore them with
 * `vi.unstubAllGlobals()` after each test.
 */
import { vi } from "vitest";
import { Auth } from "../../src/runtime/index.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { type CookieJar, ORIGIN } from "./core/support.js";
import type { SoftwareAuthenticator } from "./webauthn/software-authenticator.js";

/** Base64url of a buffer the browser half made binary (the options' challenge, the user handle). */
function base64url(buffer: BufferSource): string {
  return Buffer.from(buffer instanceof ArrayBuffer ? buffer : (buffer as Uint8Array).buffer).toString("base64url");
}

/**
 * A page at ORIGIN/settings whose `fetch` is answered by the real `Auth` (cookies kept in `jar`), and whose
 * `navigator.credentials.create()` is `authenticator`. Returns the POSTs the page made, as `path body`.
 */
export function browserAt(config: AuthConfig, jar: CookieJar, authenticator?: SoftwareAuthenticator): string[] {
  const posted: string[] = [];
  vi.stubGlobal("window", { location: { href: `${ORIGIN}/settings`, reload() {} } });
  vi.stubGlobal("BroadcastChannel", undefined);
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", jar.header());
    const request = new Request(new URL(input, ORIGIN), { ...init, headers });
    if (request.method === "POST") posted.push(`${new URL(request.url).pathname} ${await request.clone().text()}`);
    const response = await Auth(request, config);
    jar.apply(response);
    return response;
  });
  const create = async ({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) => {
    const json = authenticator!.create({
      challenge: base64url(publicKey.challenge),
      rp: { ...(publicKey.rp.id ? { id: publicKey.rp.id } : {}) },
      user: { id: base64url(publicKey.user.id) },
    });
    return { toJSON: () => json };
  };
  vi.stubGlobal("navigator", { credentials: { create } });
  return posted;
}
