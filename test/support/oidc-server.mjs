// A real OpenID Provider (oidc-provider v9) on loopback, for tests and the demo script.
// Plain ESM JavaScript on purpose: vitest imports it, and so does `node scripts/demo.mjs`.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";

/**
 * The claims every account gets: the login typed into the devInteractions form is the subject.
 * @param {string} login
 */
export function claimsForLogin(login) {
  return {
    sub: login,
    email: login.includes("@") ? login : `${login}@example.test`,
    email_verified: true,
    name: login,
  };
}

/**
 * What oidc-provider warns about that a test server does on purpose: it runs on Node 20 (CI's Node), keeps its
 * grants in memory and serves its development login pages. Every test file printed these three; any other
 * warning of the provider still prints.
 */
const EXPECTED_WARNINGS = ["Unsupported runtime", "in-memory adapter", "devInteractions"];

/**
 * Runs `work` with oidc-provider's expected warnings dropped (they are printed at import and at construction).
 * @template T
 * @param {() => T | Promise<T>} work
 * @returns {Promise<T>}
 */
async function withoutExpectedWarnings(work) {
  const warn = console.warn;
  console.warn = (...args) => {
    const text = typeof args[0] === "string" ? args[0] : "";
    if (text.includes("oidc-provider WARNING") && EXPECTED_WARNINGS.some((expected) => text.includes(expected))) return;
    warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

/** @type {Promise<typeof import("oidc-provider").default> | undefined} */
let providerClass;

/** oidc-provider, imported once per process without its expected warnings. */
function loadProvider() {
  providerClass ??= withoutExpectedWarnings(async () => (await import("oidc-provider")).default);
  return providerClass;
}

/** @type {Record<string, unknown> | undefined} */
let testSigningKey;

/**
 * The RS256 key ID tokens are signed with (published at the jwks_uri). Generating an RSA key takes a few
 * hundred milliseconds, so one test key serves every server of the process.
 */
function signingKey() {
  if (!testSigningKey) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    testSigningKey = {
      ...privateKey.export({ format: "jwk" }),
      kid: randomBytes(8).toString("hex"),
      use: "sig",
      alg: "RS256",
    };
  }
  return testSigningKey;
}

/**
 * Start an OpenID Provider on loopback.
 * @param {{
 *   clients: Array<{ client_id: string, client_secret?: string, redirect_uris: string[], token_endpoint_auth_method?: string, [key: string]: unknown }>,
 *   port?: number,
 *   host?: string,
 *   configuration?: Record<string, unknown>,
 * }} options `configuration` is shallow-merged over ours, for tests that need another provider setting.
 * @returns {Promise<{ issuer: string, url: URL, port: number, provider: Provider, close(): Promise<void> }>}
 */
export async function startOidcServer({ clients, port = 0, host = "127.0.0.1", configuration = {} }) {
  // The issuer must contain the port, so listen first and build the provider once the port is known.
  let handler = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("oidc-server: no TCP address");
  const issuer = `http://${host}:${address.port}`;

  const Provider = await loadProvider();
  const provider = await withoutExpectedWarnings(
    () =>
      new Provider(issuer, {
        clients,
        // Every account exists: the devInteractions login form accepts any login.
        async findAccount(_ctx, sub) {
          return { accountId: sub, claims: async () => claimsForLogin(sub) };
        },
        claims: {
          openid: ["sub"],
          email: ["email", "email_verified"],
          profile: ["name"],
        },
        // Put the granted claims into the ID token too (not only at userinfo), as most hosted providers do.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: true } },
        // PKCE (S256 is the only method oidc-provider v9 accepts) for every client, confidential ones included.
        pkce: { required: () => true },
        cookies: { keys: [randomBytes(32).toString("base64url")] },
        // Our own signing key and lifetimes, so the provider does not warn about its development defaults.
        jwks: { keys: [signingKey()] },
        ttl: {
          AccessToken: 3600,
          AuthorizationCode: 60,
          ClientCredentials: 600,
          Grant: 3600,
          IdToken: 3600,
          Interaction: 600,
          RefreshToken: 86400,
          Session: 3600,
        },
        ...configuration,
      }),
  );
  // A 500 inside the provider would otherwise only show up as an opaque error page: print its cause.
  provider.on("server_error", (_ctx, error) => {
    process.stderr.write(`oidc-server: ${error?.stack ?? error}\n`);
  });
  handler = provider.callback();

  return {
    issuer,
    url: new URL(issuer),
    port: address.port,
    provider,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/** A minimal cookie jar: name → value; the provider's cookies are all host-only on one origin. */
class CookieJar {
  /** @type {Map<string, string>} */
  #cookies = new Map();

  /** @param {Response} response */
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key, val = ""] = a.trim().split("=");
        const lower = key.toLowerCase();
        if (lower === "max-age") return Number(val) <= 0;
        if (lower === "expires") return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** @param {string} html */
function decodeEntities(html) {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** @param {string} tag @param {string} name */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decodeEntities(match[1]) : undefined;
}

/**
 * The first form of a page: its action, method and every named input with its value.
 * @param {string} html
 */
function readForm(html) {
  const formTag = /<form\b[^>]*>/i.exec(html);
  if (!formTag) return undefined;
  const fields = new URLSearchParams();
  for (const [input] of html.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, "name");
    if (name) fields.set(name, attribute(input, "value") ?? "");
  }
  return {
    action: attribute(formTag[0], "action") ?? "",
    method: (attribute(formTag[0], "method") ?? "get").toUpperCase(),
    fields,
  };
}

/**
 * Drive the devInteractions login and consent pages over fetch, as a browser would, without a browser.
 * Follows the authorization request's redirects on the provider's origin, fills the login form with `login`
 * (any password), confirms consent, and returns the URL the provider finally sends the user agent to: the
 * client's redirect_uri with `code`, `state` and `iss` (or `error`). For `response_mode=form_post` the provider
 * answers with an auto-submitting form instead; its fields are returned as the query of the redirect_uri then,
 * and `formPost` is set so callers can send them as a POST body.
 * With `abort: true` the user presses "Cancel" on the login page instead: the provider then answers with
 * `error=access_denied`.
 * @param {string | URL} authorizationUrl
 * @param {{ login: string, password?: string, abort?: boolean }} options
 * @returns {Promise<string>}
 */
export async function loginThroughInteraction(authorizationUrl, options) {
  const result = await loginThroughInteractionDetailed(authorizationUrl, options);
  return result.url;
}

/**
 * Like {@link loginThroughInteraction}, telling also whether the result came as a form_post.
 * @param {string | URL} authorizationUrl
 * @param {{ login: string, password?: string, abort?: boolean }} options
 * @returns {Promise<{ url: string, formPost: boolean }>}
 */
export async function loginThroughInteractionDetailed(authorizationUrl, { login, password = "any", abort = false }) {
  const origin = new URL(authorizationUrl).origin;
  const jar = new CookieJar();
  /** @type {{ url: URL, method: string, body?: URLSearchParams }} */
  let next = { url: new URL(authorizationUrl), method: "GET" };

  // A full flow is: authorize → login page → resume → consent page → resume → redirect_uri. Bound the loop.
  for (let step = 0; step < 20; step++) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: "manual",
      headers: {
        cookie: jar.header(),
        ...(next.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: next.body,
    });
    jar.store(response);

    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const target = new URL(location, next.url);
      if (target.origin !== origin) return { url: target.href, formPost: false };
      next = { url: target, method: "GET" };
      continue;
    }

    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`oidc-server: ${next.method} ${next.url} answered ${response.status}: ${html.slice(0, 500)}`);
    }
    const form = readForm(html);
    if (!form) throw new Error(`oidc-server: no form at ${next.url}: ${html.slice(0, 500)}`);
    const action = new URL(form.action, next.url);

    if (action.origin !== origin) {
      // response_mode=form_post: the auto-submitting form carries the authorization response.
      for (const [key, value] of form.fields) action.searchParams.set(key, value);
      return { url: action.href, formPost: true };
    }
    const prompt = form.fields.get("prompt");
    if (abort) {
      const cancel = /<a\b[^>]*href="([^"]*\/abort)"/i.exec(html);
      if (!cancel) throw new Error(`oidc-server: no cancel link at ${next.url}`);
      next = { url: new URL(decodeEntities(cancel[1]), next.url), method: "GET" };
      continue;
    }
    if (prompt === "login") {
      form.fields.set("login", login);
      form.fields.set("password", password);
    } else if (prompt !== "consent") {
      throw new Error(`oidc-server: unexpected interaction prompt ${prompt} at ${next.url}`);
    }
    next = { url: action, method: form.method, body: form.fields };
  }
  throw new Error("oidc-server: too many steps in the interaction");
}
