/**
 * One loopback stand-in for every catalog provider's endpoints. A node:http server on 127.0.0.1 plays the
 * provider's hosts: the provider's `customFetch` (and the test, for the browser's authorize step) sends
 * `https://<host>/<path>` to `http://127.0.0.1:<port>/<host>/<path>`, so each provider keeps its real
 * endpoint URLs and the stand-in records exactly which ones were called. It serves the authorization
 * endpoint (a 302 back with a code), the token endpoint (checking the body's encoding, client authentication,
 * the code, the redirect_uri and the PKCE verifier; and refresh tokens it issued), any resource URL the test registers (userinfo and the like, behind
 * the access token), and for OIDC issuers discovery (at the standard URL or the provider's own), a JWKS and an
 * RS256 ID token carrying the nonce (HS256 with the client secret, for LINE).
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  /** How the provider must authenticate at the token endpoint (`none`: a public client, PKCE only). */
  auth: "basic" | "post" | "none";
  /** OIDC: the issuer the stand-in plays (discovery, JWKS, ID token), with the ID token's claims. */
  issuer?: string;
  claims?: Record<string, unknown>;
  /** Where the metadata is published: OpenID Connect Discovery (default) or RFC 8414 (plain OAuth 2.0). */
  discovery?: "oidc" | "oauth";
  /**
   * A provider's own metadata URL, instead of the one `discovery` gives (Frontegg's, a FusionAuth tenant's), on
   * the issuer's host or another (Polar's API host).
   */
  wellKnown?: string;
  /** Resource URL (full, with query) → JSON answered to a request carrying the access token. */
  resources?: Record<string, unknown>;
  /** Extra fields of the token response (Notion's `owner`). */
  tokenExtra?: Record<string, unknown>;
  /**
   * Headers every resource request must carry beside the access token (Trakt's `trakt-api-key` and
   * `trakt-api-version`, Nextcloud's `OCS-APIRequest: true`, Bungie's `X-API-Key`); one without them is refused.
   */
  resourceHeaders?: Record<string, string>;
  /** The access token is an RS256 JWT with these claims (EVE SSO's, which the profile is read from). */
  accessTokenClaims?: Record<string, unknown>;
  /** How the token request's body must be encoded; the other encoding is refused with 400. Default `form`. */
  tokenBody?: "form" | "json";
  /** Extra parameters of the authorization response (Apple's first-sign-in `user`, VK ID's `device_id`). */
  authorizationExtra?: Record<string, string>;
  /**
   * Authorization response parameters the code exchange must carry back with the same value (VK ID's
   * `device_id` and `state`); without them the token endpoint refuses the code.
   */
  tokenEchoes?: string[];
  /** The parameter the authorization and token requests carry the client id in, when not `client_id`. */
  clientIdParameter?: string;
  /** The ID token's signature: RS256 with the stand-in's key (default), or HS256 with the client secret. */
  idTokenAlg?: "RS256" | "HS256";
  /** The `id_token_signing_alg_values_supported` the metadata advertises. Default `["RS256"]`. */
  metadataAlgs?: string[];
  /**
   * A token endpoint that is a GET with the client id (under `clientIdParameter`), the secret (under this
   * name), the code and the grant type in the query (WeChat's, Foursquare's). Only the code is checked: no
   * PKCE verifier, no redirect_uri.
   */
  tokenInQuery?: { secretParameter: string };
  /**
   * A server that binds the code to nothing else (ClickUp's): its token request carries neither a PKCE
   * verifier nor the redirect_uri (nor a grant_type), and the code alone is checked.
   */
  codeOnly?: boolean;
  /**
   * Fields the provider's token response leaves out (`expires_in` where tokens never expire, `token_type`;
   * Threads' lacks both).
   */
  tokenOmit?: string[];
  /** The scheme resource requests carry the access token under: `Bearer` (RFC 6750 §2.1, default), Mailchimp's `OAuth`. */
  resourceScheme?: string;
}

export interface RecordedRequest {
  method: string;
  /** The real URL the provider asked for. */
  url: string;
  /** `basic`, `post`, or `none` for token requests. */
  clientAuth?: "basic" | "post" | "none";
  /** How a token request's body was encoded (from its Content-Type). */
  tokenBody?: "form" | "json";
  /** The names of a token request's parameters. */
  tokenParameters?: string[];
}

interface Grant {
  client: StandInClient;
  challenge: string | null;
  redirectUri: string;
  nonce: string | null;
  /** What the authorization response carried besides the code, for `tokenEchoes`. */
  sent: Record<string, string>;
}

export interface StandIn {
  /** The fetch a provider is given as `customFetch`: real URL in, loopback request out. */
  fetch: typeof fetch;
  requests: RecordedRequest[];
  register(client: StandInClient): void;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "stand-in", alg: "RS256", use: "sig" };
  const clients = new Map<string, StandInClient>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, StandInClient>();
  const refreshTokens = new Map<string, StandInClient>();
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: "server_error", message: error.message }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // `/<host>/<path>` back to the real URL the provider used.
    const local = new URL(req.url ?? "/", "http://stand-in");
    const [, host, ...rest] = local.pathname.split("/");
    let real = new URL(`https://${host}/${rest.join("/")}${local.search}`);
    const encoding = bodyEncoding(req);
    const body = parseBody(await readBody(req), encoding);
    // An access token in the query (WeChat's and Mail.ru's `access_token`, Foursquare's `oauth_token`) is
    // neither recorded nor part of the resource's URL.
    const queryTokenName = ["access_token", "oauth_token"].find((name) => real.searchParams.has(name));
    const queryToken = queryTokenName ? real.searchParams.get(queryTokenName) : null;
    // It is cut out of the query's text: rewriting the query through searchParams would re-encode the rest
    // (`,` becoming `%2C`), and the resource URLs are the ones the provider wrote.
    if (queryTokenName) {
      const query = real.search
        .slice(1)
        .split("&")
        .filter((pair) => !pair.startsWith(`${queryTokenName}=`))
        .join("&");
      real = new URL(`${real.origin}${real.pathname}${query ? `?${query}` : ""}`);
    }
    const recorded: RecordedRequest = { method: req.method ?? "GET", url: real.href };
    requests.push(recorded);

    // Issuers can share a host (tenants of one provider): the one whose metadata URL or issuer path this is. A
    // provider can publish its metadata on another host than its issuer's (Polar's API host, a NetSuite account's).
    const onHost = [...clients.values()].filter(
      (c) => c.issuer && (real.origin === new URL(c.issuer).origin || c.wellKnown === real.href),
    );
    const issuerClient =
      onHost.find((c) => c.wellKnown === real.href || real.href.startsWith(trim(c.issuer ?? ""))) ?? onHost[0];
    if (issuerClient?.issuer) {
      const base = trim(issuerClient.issuer);
      const issuerPath = trim(new URL(issuerClient.issuer).pathname);
      const metadataUrl =
        issuerClient.wellKnown ??
        (issuerClient.discovery === "oauth"
          ? `${real.origin}/.well-known/oauth-authorization-server${issuerPath}`
          : `${base}/.well-known/openid-configuration`);
      if (real.href === metadataUrl) {
        return send(res, 200, {
          issuer: issuerClient.issuer,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ["code"],
          id_token_signing_alg_values_supported: issuerClient.metadataAlgs ?? ["RS256"],
          code_challenge_methods_supported: ["S256"],
        });
      }
      if (real.href === `${base}/jwks`) return send(res, 200, { keys: [jwk] });
    }

    const clientId = real.searchParams.get("client_id") ?? aliasedClient(real.searchParams)?.clientId;
    if (req.method === "GET" && clientId && real.searchParams.get("response_type") === "code") {
      const client = clients.get(clientId);
      const redirectUri = real.searchParams.get("redirect_uri");
      if (!client || !redirectUri) return send(res, 400, { error: "invalid_request" });
      // A server that reads the id from another parameter does not know `client_id`.
      if (client.clientIdParameter && !real.searchParams.has(client.clientIdParameter)) {
        return send(res, 400, { error: "invalid_request", error_description: `${client.clientIdParameter} missing` });
      }
      const code = randomBytes(12).toString("base64url");
      const state = real.searchParams.get("state");
      const sent = { ...(state !== null ? { state } : {}), ...client.authorizationExtra };
      grants.set(code, {
        client,
        challenge: real.searchParams.get("code_challenge"),
        redirectUri,
        nonce: real.searchParams.get("nonce"),
        sent,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      for (const [key, value] of Object.entries(sent)) back.searchParams.set(key, value);
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    // A token request: a POST with its parameters in the body, or WeChat's GET with them in the query (read
    // under the standard names from here on).
    const queryClient = [...clients.values()].find(
      (c) => c.tokenInQuery && real.searchParams.get(c.clientIdParameter ?? "client_id") === c.clientId,
    );
    const tokenParameters =
      req.method === "POST" ? body : queryClient ? standardNames(real.searchParams, queryClient) : null;
    // A code-only server (ClickUp's) takes its client's id and a code, without grant_type, as a code exchange.
    const codeOnlyExchange =
      clients.get(tokenParameters?.get("client_id") ?? "")?.codeOnly && tokenParameters?.has("code");
    const grantType = tokenParameters?.get("grant_type") ?? (codeOnlyExchange ? "authorization_code" : undefined);
    if (tokenParameters && (grantType === "authorization_code" || grantType === "refresh_token")) {
      const body = tokenParameters;
      // A query-string token request is recorded at its endpoint: its query is what a POST's body would be.
      if (req.method === "GET") recorded.url = real.origin + real.pathname;
      const basic = basicCredentials(req);
      const [id, secret, method] = basic
        ? [basic.id, basic.secret, "basic" as const]
        : [
            body.get("client_id") ?? aliasedClient(body)?.clientId ?? null,
            body.get("client_secret"),
            body.has("client_secret") ? ("post" as const) : ("none" as const),
          ];
      recorded.clientAuth = method;
      recorded.tokenBody = encoding;
      recorded.tokenParameters = [...body.keys()];
      const client = clients.get(id ?? "");
      if (!client || client.auth !== method || (method !== "none" && client.clientSecret !== secret)) {
        return send(res, 401, { error: "invalid_client" });
      }
      if (client.tokenInQuery && req.method !== "GET") {
        return send(res, 405, { error: "invalid_request", error_description: "the token request is a GET" });
      }
      if (client.clientIdParameter && !client.tokenInQuery && !body.has(client.clientIdParameter)) {
        return send(res, 400, { error: "invalid_request", error_description: `${client.clientIdParameter} missing` });
      }
      if (encoding !== (client.tokenBody ?? "form")) {
        return send(res, 400, { error: "invalid_request", error_description: `expected a ${client.tokenBody} body` });
      }
      if (grantType === "refresh_token") {
        // RFC 6749 §6: a refresh token issued to this client; it is not rotated.
        if (refreshTokens.get(body.get("refresh_token") ?? "") !== client) {
          return send(res, 400, { error: "invalid_grant" });
        }
        const accessToken = randomBytes(16).toString("base64url");
        accessTokens.set(accessToken, client);
        return send(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600 });
      }
      const code = body.get("code") ?? "";
      const grant = grants.get(code);
      grants.delete(code);
      const verifier = body.get("code_verifier") ?? "";
      const challengeOk = grant?.challenge === createHash("sha256").update(verifier).digest("base64url");
      const bound =
        client.tokenInQuery || client.codeOnly || (challengeOk && grant?.redirectUri === body.get("redirect_uri"));
      if (!grant || grant.client !== client || !bound) {
        return send(res, 400, { error: "invalid_grant" });
      }
      const missing = (client.tokenEchoes ?? []).filter((name) => body.get(name) !== (grant.sent[name] ?? null));
      if (missing.length > 0) {
        return send(res, 400, { error: "invalid_request", error_description: `${missing.join(", ")} not echoed` });
      }
      const accessToken = client.accessTokenClaims
        ? await new SignJWT(client.accessTokenClaims)
            .setProtectedHeader({ alg: "RS256", kid: "stand-in", typ: "JWT" })
            .setJti(randomBytes(8).toString("hex"))
            .setExpirationTime("20m")
            .sign(privateKey)
        : randomBytes(16).toString("base64url");
      accessTokens.set(accessToken, client);
      const refreshToken = randomBytes(16).toString("base64url");
      refreshTokens.set(refreshToken, client);
      const response: Record<string, unknown> = {
        access_token: accessToken,
        // Upper case on purpose: the runtime must lower-case it on the account.
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: refreshToken,
        ...client.tokenExtra,
      };
      for (const field of client.tokenOmit ?? []) delete response[field];
      if (client.issuer && client.discovery !== "oauth") {
        const now = Math.floor(Date.now() / 1000);
        const hs256 = client.idTokenAlg === "HS256";
        response.id_token = await new SignJWT({ ...client.claims, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
          .setProtectedHeader(hs256 ? { alg: "HS256" } : { alg: "RS256", kid: "stand-in" })
          .setIssuer(client.issuer)
          .setAudience(client.clientId)
          .setSubject(String(client.claims?.sub))
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(hs256 ? new TextEncoder().encode(client.clientSecret) : privateKey);
      }
      return send(res, 200, response);
    }

    // The access token in the Authorization header (RFC 6750 §2.1, under the provider's scheme), or for the
    // APIs that want it in a form body, there (HubSpot's introspection names it `token`).
    const header = /^(\S+) (.+)$/.exec(req.headers.authorization ?? "");
    const token = header?.[2] ?? body.get("access_token") ?? body.get("token") ?? queryToken;
    const owner = token ? accessTokens.get(token) : undefined;
    if (!owner) return send(res, 401, { error: "invalid_token" });
    if (header && header[1] !== (owner.resourceScheme ?? "Bearer")) return send(res, 401, { error: "invalid_token" });
    for (const [name, value] of Object.entries(owner.resourceHeaders ?? {})) {
      if (req.headers[name.toLowerCase()] !== value) return send(res, 403, { error: `${name} header missing` });
    }
    if (owner.resources && real.href in owner.resources) return send(res, 200, owner.resources[real.href]);
    send(res, 404, { error: "not_found" });
  }

  /** The client whose own id parameter (TikTok's `client_key`) carries its id in `parameters`. */
  function aliasedClient(parameters: URLSearchParams) {
    return [...clients.values()].find(
      (client) => client.clientIdParameter && parameters.get(client.clientIdParameter) === client.clientId,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const standInFetch: typeof fetch = (input, init) => {
    const real = new URL(input instanceof Request ? input.url : input);
    const local = `http://127.0.0.1:${port}/${real.host}${real.pathname}${real.search}`;
    if (input instanceof Request) return fetch(new Request(local, input), init);
    return fetch(local, init);
  };

  return {
    fetch: standInFetch,
    requests,
    register(client) {
      clients.set(client.clientId, client);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function trim(url: string) {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A query-string token request's parameters under RFC 6749's names (`appid` → `client_id`, …). */
function standardNames(query: URLSearchParams, client: StandInClient): URLSearchParams {
  const parameters = new URLSearchParams(query);
  const idName = client.clientIdParameter ?? "client_id";
  const secretName = client.tokenInQuery?.secretParameter ?? "client_secret";
  // (Foursquare's GET already uses the standard names: nothing to rename.)
  if (idName !== "client_id") {
    parameters.set("client_id", query.get(idName) ?? "");
    parameters.delete(idName);
  }
  if (secretName !== "client_secret") {
    if (query.has(secretName)) parameters.set("client_secret", query.get(secretName) ?? "");
    parameters.delete(secretName);
  }
  return parameters;
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before the Basic encoding. */
function basicCredentials(req: IncomingMessage) {
  const [scheme, encoded = ""] = (req.headers.authorization ?? "").split(" ");
  if (scheme !== "Basic") return undefined;
  const [id = "", secret = ""] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));
  return { id: decode(id), secret: decode(secret) };
}

/** A body is JSON when its Content-Type says so; anything else is read as a form. */
function bodyEncoding(req: IncomingMessage): "form" | "json" {
  return /^application\/json\b/i.test(req.headers["content-type"] ?? "") ? "json" : "form";
}

/** The parameters of a form or JSON body (JSON: the top-level string values). */
function parseBody(text: string, encoding: "form" | "json"): URLSearchParams {
  if (encoding === "form") return new URLSearchParams(text);
  const parameters = new URLSearchParams();
  const parsed: unknown = JSON.parse(text || "{}");
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === "string") parameters.set(key, value);
  }
  return parameters;
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
