/**
 * Secret rotation end to end: `secret` arrays and `AUTH_SECRET_1..3` from the environment. The newest
 * secret encrypts, every listed one decrypts, so a session minted before a rotation keeps reading.
 */
import { describe, expect, it } from "vitest";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import { decode } from "../../../src/runtime/jwt.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { baseConfig, type CookieJar, DEMO_USER, get, setCookies, signInWithCredentials } from "./support.js";

const SESSION = "authjs.session-token";
const OLD = "the-secret-everyone-signed-in-with-long-ago";
const NEW = "the-secret-after-the-rotation-of-this-month";
const NEWER = "the-secret-after-yet-another-rotation-later";

/** A config whose secret(s) come from `env` only, as in a deployment. */
function fromEnv(env: Record<string, string>, overrides: Partial<AuthConfig> = {}): AuthConfig {
  const { secret: _none, ...config } = baseConfig(overrides);
  setEnvDefaults(env, config);
  return config;
}

async function readSession(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", jar), config);
  return { body: await response.json(), cookies: setCookies(response) };
}

describe("secret rotation", () => {
  it("reads a session minted with AUTH_SECRET after AUTH_SECRET_1 is added, and re-issues it with the new one", async () => {
    const jar = await signInWithCredentials(fromEnv({ AUTH_SECRET: OLD }));
    const rotated = fromEnv({ AUTH_SECRET: OLD, AUTH_SECRET_1: NEW }, { session: { updateAge: 0 } });
    const { body, cookies } = await readSession(rotated, jar);
    expect(body).toMatchObject({ user: { email: DEMO_USER.email } });
    const reissued = cookies.find((cookie) => cookie.name === SESSION)!.value;
    expect(await decode({ token: reissued, secret: NEW, salt: SESSION })).toMatchObject({ email: DEMO_USER.email });
    await expect(decode({ token: reissued, secret: OLD, salt: SESSION })).rejects.toThrow();
  });

  it("encrypts with the highest-numbered AUTH_SECRET_n and still reads the older ones", async () => {
    const env = { AUTH_SECRET: OLD, AUTH_SECRET_1: NEW, AUTH_SECRET_3: NEWER };
    const jar = await signInWithCredentials(fromEnv(env));
    const minted = jar.get(SESSION)!;
    expect(await decode({ token: minted, secret: NEWER, salt: SESSION })).toMatchObject({ email: DEMO_USER.email });
    const olderJar = await signInWithCredentials(fromEnv({ AUTH_SECRET: NEW }));
    expect((await readSession(fromEnv(env), olderJar)).body).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("treats a session whose secret was dropped from the list as signed out, without an error response", async () => {
    const jar = await signInWithCredentials(baseConfig({ secret: [NEW, OLD] }));
    const stale = await signInWithCredentials(baseConfig({ secret: OLD }));
    expect((await readSession(baseConfig({ secret: [NEW, OLD] }), stale)).body).not.toBeNull();
    const { body, cookies } = await readSession(baseConfig({ secret: [NEWER, NEW] }), stale);
    expect(body).toBeNull();
    expect(cookies.find((cookie) => cookie.name === SESSION)?.attributes).toContain("Max-Age=0");
    expect((await readSession(baseConfig({ secret: [NEWER, NEW] }), jar)).body).not.toBeNull();
  });
});
