import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import { InvalidCheck } from "../../../src/runtime/errors.js";
import GitHub, {
  type GitHubEmail,
  type GitHubProfile,
  githubProfile,
  pickGitHubEmail,
} from "../../../src/runtime/providers/github.js";
import OAuth from "../../../src/runtime/providers/oauth.js";
import { customFetch } from "../../../src/runtime/types.js";
import { callbackRequest, internalOptions, oauthProvider } from "../oauth/internal-options.js";

/** What GitHub's `GET /user` returns for an account that keeps its email private (trimmed). */
const privateEmailUser: GitHubProfile = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: null,
  bio: null,
  public_repos: 8,
  followers: 17000,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2024-05-01T10:00:00Z",
};

const emails: GitHubEmail[] = [
  { email: "octocat@old.example", primary: false, verified: true, visibility: null },
  { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
  { email: "octocat@github.com", primary: true, verified: true, visibility: "private" },
];

describe("GitHub profile mapping", () => {
  it("maps /user to the user record with the numeric id as a string", () => {
    expect(githubProfile({ ...privateEmailUser, email: "octocat@github.com" })).toEqual({
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    });
  });

  it("falls back to the login when the account has no display name", () => {
    expect(githubProfile({ ...privateEmailUser, name: null }).name).toBe("octocat");
  });

  it("picks the primary verified address from /user/emails", () => {
    expect(pickGitHubEmail(emails)).toBe("octocat@github.com");
  });

  it("never picks an unverified address, even the primary one", () => {
    expect(
      pickGitHubEmail([
        { email: "claimed@victim.example", primary: true, verified: false, visibility: "private" },
        { email: "octocat@old.example", primary: false, verified: true, visibility: null },
      ]),
    ).toBe("octocat@old.example");
    expect(pickGitHubEmail([{ email: "x@y.example", primary: true, verified: false, visibility: null }])).toBeNull();
    expect(pickGitHubEmail([])).toBeNull();
  });

  it("asks for read:user and user:email on github.com", () => {
    expect(GitHub()).toMatchObject({
      type: "oauth",
      authorization: { url: "https://github.com/login/oauth/authorize", params: { scope: "read:user user:email" } },
      token: "https://github.com/login/oauth/access_token",
      userinfo: { url: "https://api.github.com/user" },
    });
  });

  it("points every endpoint at a GitHub Enterprise Server", () => {
    expect(GitHub({ enterprise: { baseUrl: "https://github.example.com/" } })).toMatchObject({
      authorization: { url: "https://github.example.com/login/oauth/authorize" },
      token: "https://github.example.com/login/oauth/access_token",
      userinfo: { url: "https://github.example.com/api/v3/user" },
    });
  });
});

/** A loopback stand-in for GitHub's OAuth and REST endpoints, checking what GitHub checks. */
function startGitHubStandIn(options: { emailsStatus?: number } = {}) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessToken = "gho_standInAccessToken";
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/login/oauth/authorize") {
      const code = `code-${codes.size + 1}`;
      codes.set(code, {
        challenge: url.searchParams.get("code_challenge") ?? "",
        redirectUri: url.searchParams.get("redirect_uri") ?? "",
      });
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      if (basicCredentials(req) !== "gh-client:gh-secret") return json(401, { error: "invalid_client" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get("redirect_uri")) {
        return json(400, { error: "invalid_grant" });
      }
      return json(200, { access_token: accessToken, token_type: "bearer", scope: "read:user,user:email" });
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) return json(401, { message: "Bad credentials" });
    if (url.pathname === "/api/user") return json(200, privateEmailUser);
    if (url.pathname === "/api/user/emails") {
      const status = options.emailsStatus ?? 200;
      return status === 200 ? json(200, emails) : json(status, { message: "Resource not accessible" });
    }
    json(404, { message: "Not Found" });
  });
  return new Promise<{ origin: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before the Basic encoding; decode both. */
function basicCredentials(req: IncomingMessage) {
  const [scheme, encoded = ""] = (req.headers.authorization ?? "").split(" ");
  if (scheme !== "Basic") return undefined;
  const [id = "", secret = ""] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));
  return `${decode(id)}:${decode(secret)}`;
}

function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

describe("GitHub sign-in against a loopback stand-in of its endpoints", () => {
  let standIn: { origin: string; close(): Promise<void> };
  let forbiddenEmails: { origin: string; close(): Promise<void> };
  beforeAll(async () => {
    standIn = await startGitHubStandIn();
    forbiddenEmails = await startGitHubStandIn({ emailsStatus: 403 });
  });
  afterAll(async () => {
    await standIn?.close();
    await forbiddenEmails?.close();
  });

  function setUp(origin: string) {
    const calls: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      calls.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    };
    const options = internalOptions(
      {
        providers: [
          GitHub({
            clientId: "gh-client",
            clientSecret: "gh-secret",
            authorization: { url: `${origin}/login/oauth/authorize` },
            token: `${origin}/login/oauth/access_token`,
            userinfo: `${origin}/api/user`,
            [customFetch]: recordingFetch,
          }),
        ],
      },
      "http://localhost:3000",
    );
    return { options, provider: oauthProvider(options, "github"), calls };
  }

  /** Follow the authorize redirect ourselves, as the browser would, and stop at our callback. */
  async function authorize(authorizationUrl: string) {
    const response = await fetch(authorizationUrl, { redirect: "manual" });
    expect(response.status).toBe(302);
    return response.headers.get("location")!;
  }

  it("signs in with a private email, reading it from /user/emails through the provider's fetch", async () => {
    const { options, provider, calls } = setUp(standIn.origin);
    const started = await getAuthorizationUrl(options, provider, {});
    const authorizationUrl = new URL(started.redirect);
    expect(authorizationUrl.searchParams.get("scope")).toBe("read:user user:email");
    expect(authorizationUrl.searchParams.get("nonce")).toBeNull();

    const callbackUrl = await authorize(started.redirect);
    const result = await handleOAuth(callbackRequest(callbackUrl, started.cookies), options, provider);

    expect(result.user).toEqual({
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    });
    expect(result.account).toMatchObject({
      provider: "github",
      type: "oauth",
      providerAccountId: "583231",
      access_token: "gho_standInAccessToken",
      token_type: "bearer",
      scope: "read:user,user:email",
    });
    expect(result.account.expires_at).toBeUndefined();
    expect(result.profile).toMatchObject({ login: "octocat", email: "octocat@github.com" });
    expect(calls).toEqual(["/login/oauth/access_token", "/api/user", "/api/user/emails"]);
  });

  it("keeps the email empty when /user/emails is not allowed (no user:email scope)", async () => {
    const { options, provider } = setUp(forbiddenEmails.origin);
    const started = await getAuthorizationUrl(options, provider, {});
    const callbackUrl = await authorize(started.redirect);
    const result = await handleOAuth(callbackRequest(callbackUrl, started.cookies), options, provider);
    expect(result.user.email).toBeNull();
    expect(result.user.id).toBe("583231");
  });

  it("checks state even though GitHub's default checks name only PKCE", async () => {
    const { options, provider } = setUp(standIn.origin);
    const started = await getAuthorizationUrl(options, provider, {});
    const callbackUrl = new URL(await authorize(started.redirect));
    callbackUrl.searchParams.set("state", "forged");
    const error = await handleOAuth(callbackRequest(callbackUrl.href, started.cookies), options, provider).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/state value did not match/);
  });

  it("signs in with a generic OAuth provider whose userinfo is a plain JSON API without sub", async () => {
    const options = internalOptions(
      {
        providers: [
          OAuth({
            id: "corp",
            clientId: "gh-client",
            clientSecret: "gh-secret",
            authorization: `${standIn.origin}/login/oauth/authorize`,
            token: `${standIn.origin}/login/oauth/access_token`,
            userinfo: `${standIn.origin}/api/user`,
          }),
        ],
      },
      "http://localhost:3000",
    );
    const provider = oauthProvider(options, "corp");
    const started = await getAuthorizationUrl(options, provider, {});
    const callbackUrl = await authorize(started.redirect);
    const result = await handleOAuth(callbackRequest(callbackUrl, started.cookies), options, provider);
    expect(result.user).toEqual({ id: "583231", name: "The Octocat", email: null, image: null });
    expect(result.account).toMatchObject({ provider: "corp", type: "oauth", providerAccountId: "583231" });
  });
});
