/**
 * Hostile redirect destinations and the browser's verdict on where a redirect lands, for the open-redirect
 * attack suite (test/security/open-redirect.test.ts).
 *
 * The generator builds, for one app origin, the cartesian products of what the sources describe, plus a
 * seeded fast-check sample of free combinations of the same parts:
 * - CVE-2022-24858 / GHSA-f9wg-5f46-cjmw (next-auth: a `callbackUrl` that leaves the site);
 * - RFC 9700 §4.11 (OAuth 2.0 Security BCP: open redirection at the client and the authorization server);
 * - the OWASP Unvalidated Redirects and Forwards cheat sheet (scheme-relative, backslash, userinfo,
 *   encoded and whitespace-prefixed destinations);
 * - the WHATWG URL standard, which is how a browser reads a `Location` header: tabs and newlines removed
 *   anywhere, C0 controls and spaces trimmed at the ends, `\` read as `/` in special schemes, extra slashes
 *   after a special scheme skipped, IPv4 in decimal/octal/hex, IDNA mapping (fullwidth dots and letters),
 *   percent-encoded dot segments.
 *
 * The oracle (`escapes`) resolves what a server sent exactly as a browser resolves a `Location` header,
 * `new URL(location, requestUrl)`, and names the reason when the browser would leave the app.
 */
import fc from "fast-check";

export type Family =
  | "scheme"
  | "slashes"
  | "whitespace"
  | "encoding"
  | "userinfo"
  | "ip-literal"
  | "look-alike"
  | "origin-variant"
  | "dot-segment"
  | "combined";

/** Where each family comes from: the test names cite it. */
export const FAMILY_SOURCE: Record<Family, string> = {
  scheme:
    "OWASP Unvalidated Redirects; WHATWG URL §4.4 scheme state (javascript:, data:, mixed case, tab/newline in the scheme)",
  slashes: "CVE-2022-24858 / GHSA-f9wg-5f46-cjmw; WHATWG URL §4.4 special authority slashes (//, \\\\, /\\)",
  whitespace:
    "WHATWG URL §4.4 (C0 control or space trimmed, ASCII tab or newline removed); OWASP Unvalidated Redirects",
  encoding: "OWASP Unvalidated Redirects (percent and double encoding); WHATWG URL §4.4",
  userinfo: "RFC 9700 §4.11.1; RFC 3986 §3.2.1; OWASP Unvalidated Redirects (https://app@evil)",
  "ip-literal": "WHATWG URL §3.5 IPv4 parser (decimal, octal, hex) and IPv6 literals",
  "look-alike": "RFC 9700 §4.11; UTS #46 IDNA mapping (fullwidth dots, homographs) in WHATWG URL §3.5",
  "origin-variant": "RFC 6454 origin (scheme, host, port); RFC 9700 §4.11",
  "dot-segment": "WHATWG URL §4.4 path state (percent-encoded dot segments); RFC 3986 §4.2 network-path reference",
  combined: "fast-check (seeded) combinations of the parts above; CVE-2022-24858 / GHSA-f9wg-5f46-cjmw",
};

export interface Vector {
  family: Family;
  value: string;
}

const EVIL = "evil.test";

/** Characters a browser strips, trims or maps, and look-alike spaces it does not. */
const SPACES = [
  "\t",
  "\n",
  "\r",
  "\x00",
  "\x0b",
  "\x0c",
  "\x1f",
  " ",
  "\x7f",
  "\u00a0",
  "\u2028",
  "\u2029",
  "\u3000",
  "\ufeff",
  "\u200b",
];

const SLASH_PREFIXES = [
  "//",
  "\\\\",
  "/\\",
  "\\/",
  "///",
  "////",
  "\\\\\\",
  "/%2F",
  "%2F%2F",
  "%2f%2f",
  "%5C%5C",
  "/%5C",
  "%5C/",
  "\\",
  "/\t/",
  "/\n/",
  "/\r/",
  "\\\t\\",
];

const IPS = [
  "127.0.0.1",
  "127.1",
  "2130706433",
  "0177.0.0.1",
  "0x7f.0.0.1",
  "0x7f000001",
  "0x7F.1",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[0:0:0:0:0:ffff:127.0.0.1]",
  "1.1.1.1",
  "16843009",
  "0x01010101",
  "01.01.01.01",
  "[2001:db8::1]",
  "[::]",
  "0",
  "0.0.0.0",
  "169.254.169.254",
  "[fe80::1]",
];

/** Mixed case and the characters a browser drops inside a scheme: `java\tscript:` is `javascript:`. */
function spellings(scheme: string): string[] {
  const mixed = [...scheme].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("");
  const middle = Math.max(1, Math.floor(scheme.length / 2));
  return [
    scheme,
    scheme.toUpperCase(),
    mixed,
    `${scheme.slice(0, 1)}\t${scheme.slice(1)}`,
    `${scheme.slice(0, middle)}\n${scheme.slice(middle)}`,
    `${scheme.slice(0, middle)}\r\n${scheme.slice(middle)}`,
    `\x01${scheme}`,
  ];
}

function schemeVectors(origin: URL): string[] {
  const host = origin.host;
  const payloads: Record<string, string[]> = {
    http: ["//evil.test/", "evil.test", "/\\evil.test", "\\\\evil.test", "///evil.test", `//${host}@evil.test`],
    https: ["//evil.test/", "evil.test", "/\\evil.test", "\\\\evil.test", "///evil.test", `//${host}@evil.test`],
    javascript: ["alert(document.domain)", "//%0aalert(1)", `//${host}/%0aalert(1)`],
    data: ["text/html,<script>alert(1)</script>", "text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    vbscript: ["msgbox(1)"],
    file: ["///etc/passwd", "//evil.test/share"],
    blob: ["https://evil.test/0f3e", `${origin.origin}/0f3e`],
    ws: ["//evil.test/", `//${host}/`],
  };
  return Object.entries(payloads).flatMap(([scheme, rest]) =>
    spellings(scheme).flatMap((spelling) => rest.map((payload) => `${spelling}:${payload}`)),
  );
}

function slashVectors(): string[] {
  const hosts = [EVIL, `${EVIL}/`, `${EVIL}:443/x`, `${EVIL}?q=1`, `${EVIL}#f`, `${EVIL}\\x`];
  const schemes = ["", "https:", "http:", "HTTPS:"];
  return schemes.flatMap((scheme) =>
    SLASH_PREFIXES.flatMap((prefix) => hosts.map((host) => `${scheme}${prefix}${host}`)),
  );
}

function whitespaceVectors(origin: URL): string[] {
  const cores = ["//evil.test", "https://evil.test", "javascript:alert(1)", "/\\evil.test", "\\\\evil.test"];
  const inside = (c: string) => [`/${c}/evil.test`, `https:/${c}/evil.test`, `${origin.origin}${c}@evil.test`];
  return SPACES.flatMap((c) => [
    ...cores.flatMap((core) => [`${c}${core}`, `${core}${c}`, `${c}${c}${core}${c}`]),
    ...inside(c),
  ]);
}

function encodingVectors(origin: URL): string[] {
  const cores = ["//evil.test", "https://evil.test", "/\\evil.test", "javascript:alert(1)", "\\\\evil.test"];
  const encodeAll = (value: string) =>
    [...value].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");
  const encodeSlashes = (value: string) => value.replaceAll("/", "%2F").replaceAll("\\", "%5C");
  const generated = cores.flatMap((core) => [
    encodeURIComponent(core),
    encodeURIComponent(encodeURIComponent(core)),
    encodeSlashes(core),
    encodeSlashes(core).toLowerCase(),
    encodeAll(core),
    `%09${core}`,
    `%0a${core}`,
    `%00${core}`,
    `%20${core}`,
  ]);
  return [
    ...generated,
    "%68ttps://evil.test",
    "https%3A%2F%2Fevil.test",
    "https:%2F%2Fevil.test",
    "https:%2f%2fevil.test",
    "https:/%2Fevil.test",
    "java%0ascript:alert(1)",
    "java%09script:alert(1)",
    "javascript%3Aalert(1)",
    "%252F%252Fevil.test",
    "/%252F%252Fevil.test",
    "/%2F%2Fevil.test",
    "%2F/evil.test",
    "/%5Cevil.test",
    "%5C%5Cevil.test",
    `//evil.test%2F${origin.host}`,
    `//evil.test%23${origin.host}`,
    `//evil.test%3F${origin.host}`,
    `https://evil.test%E3%80%82${origin.hostname}`,
    `https://${origin.hostname}%E3%80%82evil.test`,
    "//%65vil.test",
    "//evil%2Etest",
    "/%0D%0ALocation:%20https://evil.test",
    "/\u560d\u560aLocation:https://evil.test",
  ];
}

function userinfoVectors(origin: URL): string[] {
  const { host, hostname, port } = origin;
  const forms = [
    `${host}@evil.test`,
    `${hostname}@evil.test`,
    `${host}:x@evil.test`,
    `${hostname}:x@evil.test`,
    `${host}%40evil.test`,
    `${host}\\@evil.test`,
    `${hostname}%3A${port}@evil.test`,
    `${host}:@evil.test`,
    `@evil.test`,
    `:@evil.test`,
    `user:pass@${host}`,
    `evil.test@${host}`,
    `${host}@evil.test@${host}`,
    `${host}#@evil.test`,
    `${host}?@evil.test`,
    `${host}.@evil.test`,
  ];
  return ["//", "http://", "https://", "\\\\", "https:\\\\"].flatMap((prefix) => forms.map((f) => `${prefix}${f}`));
}

function ipVectors(): string[] {
  const ports = ["", ":3000", ":80"];
  return ["//", "http://", "https://", "\\\\"].flatMap((prefix) =>
    IPS.flatMap((ip) => ports.map((port) => `${prefix}${ip}${port}/`)),
  );
}

function lookAlikeVectors(origin: URL): string[] {
  const { host, hostname } = origin;
  // U+043E (Cyrillic o) is a homograph of "o"; U+217C (small roman fifty) maps to "l" under IDNA.
  const homograph = hostname.replace("o", "\u043e");
  const hosts = [
    `${hostname}.evil.test`,
    `${host}.evil.test`,
    `${hostname}-evil.test`,
    `${hostname}%2eevil.test`,
    `${hostname}%2Eevil.test`,
    `${hostname}\u3002evil.test`,
    `${hostname}\uff0eevil.test`,
    `${hostname}\uff61evil.test`,
    "evil\u3002test",
    "\uff45\uff56\uff49\uff4c.test",
    `${hostname}\u200b.evil.test`,
    homograph,
    `${homograph}.evil.test`,
    "xn--80ak6aa92e.com",
    `\u217c${hostname.slice(1)}`,
    `evil.test/${host}`,
    `evil.test?.${host}`,
    `evil.test#.${host}`,
    `evil.test\\.${hostname}`,
    `evil.test%2f${host}`,
    `evil.test:${origin.port || "80"}`,
    `${hostname}.`,
  ];
  return ["//", "https://", "http://", "\\\\", "/\\", "https:\\\\"].flatMap((prefix) =>
    hosts.map((h) => `${prefix}${h}`),
  );
}

function originVariantVectors(origin: URL): string[] {
  const { host, hostname, port, protocol } = origin;
  const other = protocol === "https:" ? "http" : "https";
  const bases = [
    `${other}://${host}`,
    `${other}:${host}`,
    `${other}:/${host}`,
    `${other}:\\\\${host}`,
    `${protocol}//${hostname}:${Number(port || 80) + 1}`,
    `${protocol}//${hostname}`,
    `${protocol}//${hostname}:443`,
    `${protocol}//${hostname}.:${port}`,
    `${protocol}//${hostname}:${port}.`,
    `${protocol}//${hostname}:65536`,
    `${protocol}//${host}:${port}`,
    `ws://${host}`,
    `wss://${host}`,
    `ftp://${host}`,
    `//${hostname}:${Number(port || 80) + 1}`,
    `//${hostname}`,
    `//${hostname}.:${port}`,
    `${protocol}//127.0.0.1:${port}`,
    `${protocol}//[::1]:${port}`,
    `${other}://${hostname}:${port}@${host}`,
  ];
  return bases.flatMap((base) => [base, `${base}/`, `${base}/dashboard?tab=1`]);
}

function dotSegmentVectors(origin: URL): string[] {
  const paths = [
    "/.//evil.test",
    "/..//evil.test",
    "/./\\evil.test",
    "/%2e//evil.test",
    "/%2E%2E//evil.test",
    "/.%2e//evil.test",
    "/a/..//evil.test",
    "/a/../..//evil.test",
    "/../../../../..//evil.test",
    "/.%2F/evil.test",
    "/..%2F/evil.test",
    "/./%5Cevil.test",
    ".//evil.test",
    "..//evil.test",
    "//evil.test/..",
  ];
  return paths.flatMap((path) => [path, `${origin.origin}${path}`, `${path}/x?y=1#z`]);
}

/** Free combinations of the same parts, sampled with a fixed seed so every run sees the same vectors. */
function combinedVectors(origin: URL, count: number): string[] {
  const { host, hostname } = origin;
  const junk = fc.constantFrom("", "", "", ...SPACES);
  const scheme = fc.constantFrom("", "", "https:", "http:", "HtTpS:", "ht\ttp:", "javascript:", "java\nscript:");
  const slashes = fc.constantFrom(...SLASH_PREFIXES, "", "/");
  const userinfo = fc.constantFrom("", "", `${host}@`, `${hostname}:x@`, "@", `${host}%40`);
  const target = fc.constantFrom(EVIL, ...IPS, `${hostname}.evil.test`, `${hostname}\u3002evil.test`, "alert(1)");
  const port = fc.constantFrom("", "", ":443", `:${origin.port || "80"}`);
  const path = fc.constantFrom("", "/", `/${host}`, "?next=/", "#/", "/..//x");
  const encodeOne = fc.boolean();
  const arbitrary = fc
    .tuple(junk, scheme, slashes, userinfo, target, port, path, junk, encodeOne)
    .map(([lead, s, sl, u, t, p, pa, trail, encode]) => {
      const value = `${lead}${s}${sl}${u}${t}${p}${pa}${trail}`;
      return encode ? value.replace(/[/\\:.@]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : value;
    });
  return fc.sample(arbitrary, { seed: 0x24858, numRuns: count });
}

/**
 * Every hostile destination for an app at `appOrigin`, deduplicated (the first family that produced a value
 * keeps it). About 1,700 vectors.
 */
export function hostileDestinations(appOrigin: string, combined = 300): Vector[] {
  const origin = new URL(appOrigin);
  const families: Array<[Family, string[]]> = [
    ["scheme", schemeVectors(origin)],
    ["slashes", slashVectors()],
    ["whitespace", whitespaceVectors(origin)],
    ["encoding", encodingVectors(origin)],
    ["userinfo", userinfoVectors(origin)],
    ["ip-literal", ipVectors()],
    ["look-alike", lookAlikeVectors(origin)],
    ["origin-variant", originVariantVectors(origin)],
    ["dot-segment", dotSegmentVectors(origin)],
    ["combined", combinedVectors(origin, combined)],
  ];
  const seen = new Set<string>();
  const vectors: Vector[] = [];
  for (const [family, values] of families) {
    for (const value of values) {
      if (seen.has(value)) continue;
      seen.add(value);
      vectors.push({ family, value });
    }
  }
  return vectors;
}

export const FAMILIES = Object.keys(FAMILY_SOURCE) as Family[];

/** The vectors of each family, in generation order. */
export function byFamily(vectors: readonly Vector[]): Map<Family, Vector[]> {
  const groups = new Map<Family, Vector[]>(FAMILIES.map((family) => [family, []]));
  for (const vector of vectors) groups.get(vector.family)!.push(vector);
  return groups;
}

/**
 * A representative sample for the expensive paths: `perFamily` vectors of each family, spread evenly over
 * its generation order (so every prefix, character and host of the product is represented, not the first).
 */
export function sampleVectors(vectors: readonly Vector[], perFamily: number): Vector[] {
  return [...byFamily(vectors).values()].flatMap((group) => {
    if (group.length <= perFamily) return group;
    const step = group.length / perFamily;
    return Array.from({ length: perFamily }, (_, i) => group[Math.floor(i * step)]!);
  });
}

/**
 * The browser's verdict on a redirect: `undefined` when `location`, resolved against the URL of the
 * response that carried it (WHATWG URL, as for a `Location` header), lands over http(s) without userinfo on
 * `appOrigin`, or on the origin of one of the absolute URLs the app itself chose (its callbacks' answers, its
 * pages; the core may add query parameters to them); otherwise why it does not.
 */
export function escapes(
  location: string,
  requestUrl: string,
  appOrigin: string,
  appChosen: readonly string[] = [],
): string | undefined {
  if (!URL.canParse(location, requestUrl)) return `no browser can follow ${JSON.stringify(location)}`;
  const landed = new URL(location, requestUrl);
  if (landed.protocol !== "http:" && landed.protocol !== "https:") return `lands on a ${landed.protocol} URL`;
  if (landed.username !== "" || landed.password !== "") return `carries userinfo (${landed.href})`;
  if (landed.origin === new URL(appOrigin).origin) return undefined;
  const chosen = appChosen.some((value) => URL.canParse(value) && new URL(value).origin === landed.origin);
  return chosen ? undefined : `leaves for ${landed.origin}`;
}
