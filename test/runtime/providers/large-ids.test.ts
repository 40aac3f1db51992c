/**
 * Ids past 2^53 (issue 27, loose end a): Threads answers its code exchange with `user_id` as a JSON number of up
 * to 17 digits, which `JSON.parse` would round to another user's id. The account keeps the exact decimal string,
 * and so does a plain OAuth profile whose API writes its id as such a number. Sign-ins run against the loopback
 * stand-in (stand-in.ts), whose answers are rewritten to carry the number as the provider writes it: a JS value
 * cannot hold it, so it is put into the JSON text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import { parseJsonExact } from "../../../src/runtime/core/oauth/exact-json.js";
import OAuth from "../../../src/runtime/providers/oauth.js";
import Threads from "../../../src/runtime/providers/threads.js";
import { customFetch, type OAuthConfig } from "../../../src/runtime/types.js";
import { callbackRequest, internalOptions, oauthProvider } from "../oauth/internal-options.js";
import { type StandIn, startStandIn } from "./stand-in.js";

/** A Threads user id as Meta writes them: 17 digits, above Number.MAX_SAFE_INTEGER (9007199254740991). */
const BIG_ID = "17841400008460057";
const appOrigin = "http://localhost:3000";
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
  standIn.register({
    clientId: "client-threads",
    clientSecret: "secret-threads",
    auth: "post",
    tokenOmit: ["token_type", "expires_in", "refresh_token"],
    tokenExtra: { user_id: BIG_ID },
    resources: {
      "https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url,threads_biography": {
        id: BIG_ID,
        username: "avo.lovelace",
      },
    },
  });
  standIn.register({
    clientId: "client-api",
    clientSecret: "secret-api",
    auth: "basic",
    resources: { "https://api.example.com/me": { id: BIG_ID, login: "ada" } },
  });
});

afterAll(async () => {
  await standIn?.close();
});

/** The stand-in's fetch, with `"<field>":"<digits>"` in its answers written as the bare number, as the provider does. */
function asBareNumber(field: string): typeof fetch {
  return async (input, init) => {
    const response = await standIn.fetch(input, init);
    const text = await response.text();
    const bare = text.replaceAll(`"${field}":"${BIG_ID}"`, `"${field}":${BIG_ID}`);
    return new Response(bare, { status: response.status, headers: response.headers });
  };
}

async function signIn(provider: OAuthConfig) {
  const options = internalOptions({ providers: [provider] }, appOrigin);
  const internal = oauthProvider(options, provider.id);
  const { redirect, cookies } = await getAuthorizationUrl(options, internal, {});
  const back = (await standIn.fetch(redirect, { redirect: "manual" })).headers.get("location") ?? "";
  return handleOAuth(callbackRequest(back, cookies), options, internal);
}

describe("ids past 2^53", () => {
  it("Threads: the account keeps the token answer's user_id as its exact decimal string", async () => {
    // The control: JSON.parse reads the number as another id.
    expect(String(JSON.parse(`{"user_id":${BIG_ID}}`).user_id)).toBe("17841400008460056");
    const provider = Threads({
      clientId: "client-threads",
      clientSecret: "secret-threads",
      [customFetch]: asBareNumber("user_id"),
    });
    const { account, user } = await signIn(provider);
    expect(account.user_id).toBe(BIG_ID);
    expect(account.providerAccountId).toBe(BIG_ID);
    expect(user.id).toBe(BIG_ID);
  });

  it("a plain OAuth profile whose API writes the id as a bare number keeps it exact", async () => {
    const provider = OAuth({
      id: "api",
      clientId: "client-api",
      clientSecret: "secret-api",
      authorization: "https://api.example.com/authorize",
      token: "https://api.example.com/token",
      userinfo: "https://api.example.com/me",
      [customFetch]: asBareNumber("id"),
    });
    const { account } = await signIn(provider);
    expect(account.providerAccountId).toBe(BIG_ID);
  });
});

describe("parseJsonExact", () => {
  it("reads integers past 2^53 as their digits, and everything else as JSON.parse does", () => {
    const text = `{"a":${BIG_ID},"b":-${BIG_ID},"c":9007199254740991,"d":1.5e300,"e":"x\\":${BIG_ID}","f":[${BIG_ID}, 2, true, null]}`;
    expect(parseJsonExact(text)).toEqual({
      a: BIG_ID,
      b: `-${BIG_ID}`,
      c: 9007199254740991,
      d: 1.5e300,
      e: `x":${BIG_ID}`,
      f: [BIG_ID, 2, true, null],
    });
  });

  it("refuses what is not JSON as JSON.parse does", () => {
    expect(() => parseJsonExact("{oops")).toThrow(SyntaxError);
  });
});
