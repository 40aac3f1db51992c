/**
 * Generators of hostile HTTP requests for the property-based fuzz (issue 9 point 7). A generated value is a
 * plain `Recipe` (printable, so fast-check can show and shrink a counterexample); `buildRequest` turns it into a
 * web Request using what the fuzz learned at start-up (a valid csrf pair, a valid session, the OAuth check
 * cookies of a started sign-in), so generated requests reach past the CSRF check and into the actions.
 * Destinations are generated the way issue 9 point 6 asks: schemes, slashes and backslashes, whitespace and
 * controls, encodings, userinfo, IPv6 literals, look-alike hosts (WHATWG URL; RFC 3986 §3; OWASP Unvalidated
 * Redirects cheat sheet).
 */
import fc from "fast-check";
import { BASE, CALLBACK_URL_COOKIE, CSRF_COOKIE, PASSWORD, SESSION_COOKIE } from "./app.js";

/** What the fuzz holds after a real sign-in and a real sign-in start: values a generated request may reuse. */
export interface Pool {
  origin: string;
  /** `name=value` of a valid csrf cookie, and its token. */
  csrfCookie: string;
  csrfToken: string;
  /** `name=value` of the demo user's session. */
  sessionCookie: string;
  /** `name=value; …` of the pkce/state/nonce cookies of a started OIDC (or OAuth) sign-in, and its `state`. */
  checkCookies: string;
  state: string;
  email: string;
  /** The issuer the OIDC provider expects back in `iss` (RFC 9207). */
  issuer: string;
}

/** A field value: a literal, or a reference the builder fills from the pool. */
export type Value = string | { ref: "csrfToken" | "password" | "state" | "email" | "issuer"; tail?: string };

export interface Recipe {
  method: string;
  /** The path as a browser would send it (already encoded), relative to the origin. */
  path: string;
  query: Array<[string, Value]>;
  cookies: Array<"csrf" | "session" | "checks" | [string, string]>;
  headers: Array<[string, string]>;
  body?: {
    encoding: "form" | "json" | "multipart" | "raw";
    contentType: string | null;
    fields: Array<[string, Value]>;
    raw: string;
  };
}

const ACTIONS = [
  "providers",
  "session",
  "csrf",
  "signin",
  "signout",
  "callback",
  "error",
  "verify-request",
  "webauthn-options",
];
const PROVIDERS = ["credentials", "acme", "oidc", "nodemailer", "passkey", "unknown", "__proto__", "constructor"];

/** Printable Latin-1 text without CR, LF or NUL: what a client can put in a header value. */
const headerText = fc
  .string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 40 })
  .map((text) => text.trim());

/** Any text a URL component or a field may carry, controls and astral characters included. */
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({
    unit: fc.constantFrom(
      "%",
      "0",
      "a",
      "/",
      "\\",
      ":",
      "@",
      "?",
      "#",
      "&",
      "=",
      ";",
      " ",
      "\t",
      "\u0000",
      "é",
      "\u2028",
    ),
    maxLength: 20,
  }),
);

/** A destination as issue 9 point 6 lists its ingredients, or anything at all. */
export const destination: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom("", "", " ", "\t", "\n", "\u0000", "\u00a0", "\u200b", "%20", "%09", "\u3000"),
        fc.constantFrom(
          "",
          "/",
          "//",
          "///",
          "\\\\",
          "/\\",
          "\\/",
          "http:",
          "https:",
          "http://",
          "https://",
          "https:/",
          "https:\\\\",
          "HTTPS://",
          "javascript:",
          "JaVaScRiPt:",
          "java\tscript:",
          "data:text/html,",
          "vbscript:",
          "file://",
          "ftp://",
          "blob:",
          "about:",
        ),
        fc.constantFrom(
          "",
          "localhost:3000",
          "localhost:3000.evil.test",
          "localhost:3000@evil.test",
          "evil.test@localhost:3000",
          "user:pass@localhost:3000",
          "evil.test",
          "EVIL.test",
          "ｅｖｉｌ.test",
          "evil。test",
          "xn--lcalhost-9za:3000",
          "[::1]:3000",
          "[::ffff:127.0.0.1]",
          "[::1",
          "127.0.0.1:3000",
          "0x7f.1",
          "2130706433",
          "%65vil.test",
          "localhost%2f@evil.test",
          "localhost:3000\\@evil.test",
          "alert(document.domain)",
        ),
        fc.constantFrom(
          "",
          "/",
          "/dashboard",
          "/a?b=c",
          "/..",
          "/%2e%2e/%2e%2e",
          "/\\evil.test",
          "?next=//evil.test",
          "#//evil.test",
          "/%0d%0aSet-Cookie:%20x=1",
          "/\r\nX: y",
        ),
      )
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: anyText },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
);

/** Near misses of a secret: the value itself, or with a character more (CWE-1023, incomplete comparison). */
const tail = fc.constantFrom(undefined, undefined, undefined, " ", "x", "\u0000", "%00");
const withTail = (ref: "csrfToken" | "password") =>
  tail.map((more): Value => (more === undefined ? { ref } : { ref, tail: more }));

const fieldValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 3, arbitrary: withTail("csrfToken") },
  { weight: 2, arbitrary: withTail("password") },
  { weight: 1, arbitrary: fc.constant({ ref: "state" } as Value) },
  { weight: 2, arbitrary: fc.constant({ ref: "email" } as Value) },
  { weight: 3, arbitrary: destination },
  { weight: 2, arbitrary: anyText },
  {
    weight: 1,
    arbitrary: fc.constantFrom("register", "authenticate", "{}", '{"id":"x","response":{}}', "true", "null"),
  },
);

const FIELD_NAMES = [
  "csrfToken",
  "callbackUrl",
  "email",
  "password",
  "code",
  "state",
  "iss",
  "error",
  "token",
  "action",
  "data",
  "redirect",
  "__proto__",
  "constructor",
];
const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: anyText },
);
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 6 });

/** A path under the base path (mostly a real action), or somewhere else. */
const path: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...ACTIONS),
        fc.option(fc.oneof(fc.constantFrom(...PROVIDERS), anyText.map(encodeURIComponent)), { nil: undefined }),
        fc.constantFrom("", "", "", "/", "/extra"),
      )
      .map(([action, provider, tail]) => `${BASE}/${action}${provider === undefined ? "" : `/${provider}`}${tail}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "/",
      "/other",
      `${BASE}`,
      `${BASE}/`,
      "/authx/session",
      `${BASE}//signin`,
      `${BASE}/%73ession`,
    ),
  },
  { weight: 1, arbitrary: anyText.map((text) => `${BASE}/${encodeURIComponent(text)}`) },
);

const cookie = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("csrf" as const, "session" as const, "checks" as const) },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.constantFrom(
        CALLBACK_URL_COOKIE,
        SESSION_COOKIE,
        `${SESSION_COOKIE}.0`,
        CSRF_COOKIE,
        "authjs.state",
        "authjs.pkce.code_verifier",
        "authjs.nonce",
        "authjs.challenge",
        "__proto__",
      ),
      fc.oneof(destination, headerText),
    ),
  },
);

const header: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant("origin"),
    fc.constantFrom(
      "http://localhost:3000",
      "https://evil.test",
      "null",
      "http://localhost:3000.evil.test",
      "",
      "http://LOCALHOST:3000",
    ),
  ),
  fc.tuple(
    fc.constant("sec-fetch-site"),
    fc.constantFrom("same-origin", "same-site", "cross-site", "none", "CROSS-SITE", "bogus"),
  ),
  fc.tuple(
    fc.constant("x-forwarded-host"),
    fc.constantFrom("evil.test", "evil.test, localhost:3000", "localhost:3000", "a@b", ""),
  ),
  fc.tuple(fc.constant("x-forwarded-proto"), fc.constantFrom("https", "http", "javascript", "https, http")),
  fc.tuple(fc.constant("x-auth-return-redirect"), fc.constantFrom("1", "true", "")),
  fc.tuple(fc.constant("accept"), fc.constantFrom("application/json", "text/html", "*/*")),
  fc.tuple(fc.constantFrom("referer", "host", "x-forwarded-for", "forwarded", "authorization"), headerText),
);

const body = fc.record({
  encoding: fc.constantFrom("form" as const, "form" as const, "json" as const, "multipart" as const, "raw" as const),
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "text/plain",
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/xml",
        "",
      ),
    },
    { weight: 1, arbitrary: headerText },
  ),
  fields,
  raw: anyText,
});

/** Anything at all: any method, any path, any mix of fields, cookies and headers. */
const anyRecipe: fc.Arbitrary<Recipe> = fc.record({
  method: fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom("GET", "POST") },
    { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "PROPFIND", "get") },
  ),
  path,
  query: fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 4 }),
  cookies: fc.array(cookie, { maxLength: 4 }),
  headers: fc.array(header, { maxLength: 4 }),
  body: fc.option(body, { nil: undefined }),
});

/** The endpoints the surface serves, with the method and the fields each reads (AUTHJS-FACTS §1, §6 to §8). */
const ENDPOINTS: Array<[string, string, string[]]> = [
  ["GET", "providers", []],
  ["GET", "session", []],
  ["POST", "session", ["data"]],
  ["GET", "csrf", []],
  ["GET", "signin", ["callbackUrl", "error"]],
  ["POST", "signin/acme", ["callbackUrl"]],
  ["POST", "signin/oidc", ["callbackUrl"]],
  ["POST", "signin/nodemailer", ["email", "callbackUrl"]],
  ["GET", "signout", ["callbackUrl"]],
  ["POST", "signout", ["callbackUrl"]],
  ["GET", "callback/acme", ["code", "state"]],
  ["GET", "callback/oidc", ["code", "state", "iss"]],
  ["POST", "callback/oidc", ["code", "state", "iss"]],
  ["POST", "callback/credentials", ["email", "password", "callbackUrl"]],
  ["GET", "callback/nodemailer", ["token", "email", "callbackUrl"]],
  ["POST", "callback/passkey", ["action", "data", "callbackUrl"]],
  ["GET", "error", ["error"]],
  ["GET", "verify-request", ["provider", "type"]],
  ["GET", "webauthn-options/passkey", ["action", "email"]],
];

/** The pool value a field of this name holds in a genuine request. */
const NATURAL: Record<string, Value> = {
  state: { ref: "state" },
  iss: { ref: "issuer" },
  email: { ref: "email" },
  password: { ref: "password" },
  csrfToken: { ref: "csrfToken" },
};

/** The value an endpoint's own field gets: mostly the genuine one, else a hostile one. */
function ownFieldValue(name: string): fc.Arbitrary<Value> {
  const natural = NATURAL[name];
  return natural
    ? fc.oneof({ weight: 2, arbitrary: fc.constant(natural) }, { weight: 1, arbitrary: fieldValue })
    : fieldValue;
}

/**
 * A request a browser of a signed-in or signing-in user could send to a real endpoint: the csrf pair most of
 * the time, the OAuth check cookies, the session, the fields the endpoint reads, all with hostile values.
 * These reach the actions themselves (a token request to the OpenID Provider, a mail, a passkey check).
 */
const endpointRecipe: fc.Arbitrary<Recipe> = fc.constantFrom(...ENDPOINTS).chain(([method, action, names]) =>
  fc
    .record({
      // Each field the endpoint reads is sent two times in three, so a missing one is tried as well.
      own: fc.tuple(...names.map((name) => fc.option(ownFieldValue(name), { freq: 3, nil: undefined }))),
      csrf: fc.constantFrom(true, true, true, false),
      extras: fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 2 }),
      cookies: fc.subarray(["session" as const, "checks" as const]),
      planted: fc.array(cookie, { maxLength: 1 }),
      headers: fc.array(header, { maxLength: 2 }),
      body,
    })
    .map(({ own, csrf, extras, cookies, planted, headers, body: spec }): Recipe => {
      const fields: Array<[string, Value]> = [
        ...names.flatMap((name, index) => (own[index] === undefined ? [] : [[name, own[index]] as [string, Value]])),
        ...extras,
      ];
      const base = {
        method,
        path: `${BASE}/${action}`,
        cookies: [...(csrf ? ["csrf" as const] : []), ...cookies, ...planted],
        headers,
      };
      if (method === "GET") return { ...base, query: fields };
      const withCsrf: Array<[string, Value]> = csrf ? [["csrfToken", { ref: "csrfToken" }], ...fields] : fields;
      // Mostly the encoding a browser uses, so the fields are read; the body generator's oddities the rest.
      const encoding = spec.encoding === "raw" ? "form" : spec.encoding;
      return { ...base, query: [], body: { ...spec, encoding, fields: withCsrf } };
    }),
);

/** What the fuzz sends: mostly well-aimed requests with hostile parts, the rest anything at all. */
export const recipe: fc.Arbitrary<Recipe> = fc.oneof(
  { weight: 3, arbitrary: endpointRecipe },
  { weight: 2, arbitrary: anyRecipe },
);

function resolve(value: Value, pool: Pool): string {
  if (typeof value === "string") return value;
  const tail = value.tail ?? "";
  switch (value.ref) {
    case "csrfToken":
      return pool.csrfToken + tail;
    case "password":
      return PASSWORD + tail;
    case "state":
      return pool.state + tail;
    case "email":
      return pool.email + tail;
    case "issuer":
      return pool.issuer + tail;
    default:
      return tail;
  }
}

function cookieHeader(recipe: Recipe, pool: Pool): string {
  return recipe.cookies
    .map((choice) => {
      if (choice === "csrf") return pool.csrfCookie;
      if (choice === "session") return pool.sessionCookie;
      if (choice === "checks") return pool.checkCookies;
      return `${choice[0]}=${encodeURIComponent(choice[1])}`;
    })
    .join("; ");
}

function encodeBody(spec: NonNullable<Recipe["body"]>, pool: Pool): { body: BodyInit; contentType: string } {
  const entries = spec.fields.map(([name, value]) => [name, resolve(value, pool)] as [string, string]);
  switch (spec.encoding) {
    case "json":
      return { body: JSON.stringify(Object.fromEntries(entries)), contentType: "application/json" };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      return { body: form, contentType: "" };
    }
    case "raw":
      return { body: spec.raw, contentType: "application/x-www-form-urlencoded" };
    default:
      return { body: new URLSearchParams(entries), contentType: "application/x-www-form-urlencoded" };
  }
}

/**
 * The Request a client sends for this recipe, or undefined when no client could send it (a method or header
 * value the Fetch standard refuses): those are not inputs the server ever sees.
 */
export function buildRequest(recipe: Recipe, pool: Pool): Request | undefined {
  let url: URL;
  try {
    url = new URL(recipe.path, pool.origin);
  } catch {
    return undefined;
  }
  for (const [name, value] of recipe.query) url.searchParams.append(name, resolve(value, pool));
  const headers = new Headers();
  try {
    for (const [name, value] of recipe.headers) headers.append(name, value);
    const cookies = cookieHeader(recipe, pool);
    if (cookies) headers.set("cookie", cookies);
  } catch {
    return undefined;
  }
  const init: RequestInit = { method: recipe.method, headers };
  if (recipe.body && recipe.method.toUpperCase() !== "GET" && recipe.method.toUpperCase() !== "HEAD") {
    const { body, contentType } = encodeBody(recipe.body, pool);
    init.body = body;
    const claimed = recipe.body.contentType ?? contentType;
    if (claimed) headers.set("content-type", claimed);
  }
  try {
    return new Request(url, init);
  } catch {
    return undefined;
  }
}

const exactly = (value: Value, ref: string) => typeof value === "object" && value.ref === ref && !value.tail;

/**
 * Whether this recipe may end with a session: it carried the demo user's session, or its body named the demo
 * user's address and exactly the right password. Anything else that gets a session is a broken sign-in.
 */
export function mayHoldSession(recipe: Recipe): boolean {
  if (recipe.cookies.includes("session")) return true;
  const sent = recipe.body?.fields ?? [];
  const named = (name: string, ref: string) => sent.some(([field, value]) => field === name && exactly(value, ref));
  return named("password", "password") && named("email", "email");
}
