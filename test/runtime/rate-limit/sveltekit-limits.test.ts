/**
 * The rate limits behind the SvelteKit hook: the client is the address the app's adapter gives
 * (`event.getClientAddress()`, which adapter-node reads under its own ADDRESS_HEADER/XFF_DEPTH settings), so a
 * client's own X-Forwarded-For buys no fresh counter; an adapter without one leaves only the per-account rules.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import { createSvelteKitAuth } from "../../../src/runtime/sveltekit/auth.js";
import { baseConfig, CookieJar, captureLogger } from "../core/support.js";
import { appResolver, httpGet, httpPost, requestEvent } from "../sveltekit/event.js";

function hook() {
  const {
    basePath: _mount,
    raw: _raw,
    ...config
  } = baseConfig({
    logger: captureLogger().logger,
    rateLimit: { rules: { signInPerIp: { name: "signin-ip", window: 300, max: 2, whenStoreDown: "closed" } } },
  });
  return createSvelteKitAuth(config, () => ({}));
}

async function through(auth: ReturnType<typeof hook>, request: Request, address: () => string): Promise<Response> {
  const { event } = requestEvent(request);
  const withAddress = { ...event, getClientAddress: address } as RequestEvent;
  return auth.handle({ event: withAddress, resolve: appResolver().resolve });
}

async function signIn(auth: ReturnType<typeof hook>, email: string, address: () => string, forwardedFor: string) {
  const jar = new CookieJar();
  const csrf = await through(auth, httpGet("/auth/csrf", jar), address);
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const request = httpPost("/auth/callback/credentials", { csrfToken, email, password: "wrong" }, jar, {
    "x-forwarded-for": forwardedFor,
  });
  return through(auth, request, address);
}

describe("rate limits behind the SvelteKit hook", () => {
  it("counts the adapter's client address, whatever X-Forwarded-For the client writes", async () => {
    const auth = hook();
    const address = () => "198.51.100.23";
    for (let i = 0; i < 2; i++)
      expect((await signIn(auth, `k${i}@example.test`, address, `10.0.0.${i}`)).status).toBe(302);
    const refused = await signIn(auth, "k9@example.test", address, "10.0.0.99");
    expect(refused.status).toBe(429);
    expect((await signIn(auth, "k9@example.test", () => "198.51.100.24", "10.0.0.99")).status).toBe(302);
  });

  it("skips the per-network rule when the adapter has no address (getClientAddress throws)", async () => {
    const auth = hook();
    const none = () => {
      throw new Error("getClientAddress is not available in this environment");
    };
    for (let i = 0; i < 4; i++) expect((await signIn(auth, `z${i}@example.test`, none, "10.0.0.1")).status).toBe(302);
  });
});
