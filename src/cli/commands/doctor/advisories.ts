/**
 * Published advisories against packages installed beside the auth runtime, as data: the advisory's id,
 * the package, the affected versions (half-open intervals) and the first fixed version of each line.
 * Each entry was checked against the advisory text (GitHub Advisory Database, the vendor's notice) when it
 * was added; add new ones the same way, with the id and the ranges exactly as published.
 */
import type { VersionRange } from "./versions.js";

export interface Advisory {
  /** GHSA id (stable; the doctor finding is `advisory.<id>`). */
  id: string;
  cve?: string;
  package: string;
  severity: "critical" | "high" | "moderate" | "low";
  title: string;
  /** What it means for an app using create-auth. */
  impact: string;
  affected: VersionRange[];
}

/** One advisory published against two packages (next-auth and @auth/core), each with its own ranges. */
const HOMOGLYPH_NORMALIZER = {
  id: "GHSA-7rqj-j65f-68wh",
  severity: "critical",
  title: "Email normalizer validates the address before Unicode normalization (homoglyph @)",
  impact: "an email sign-in address can pass validation as one mailbox and be delivered to another",
} as const satisfies Partial<Advisory>;

export const ADVISORIES: readonly Advisory[] = [
  {
    id: "GHSA-f82v-jwr5-mffw",
    cve: "CVE-2025-29927",
    package: "next",
    severity: "critical",
    title: "Authorization bypass in Next.js middleware (x-middleware-subrequest)",
    impact:
      "a request carrying the x-middleware-subrequest header skips middleware.ts/proxy.ts, so pages protected only there are served signed out (self-hosted apps; Vercel and Netlify filter the header)",
    affected: [
      { introduced: "11.1.4", fixed: "12.3.5" },
      { introduced: "13.0.0", fixed: "13.5.9" },
      { introduced: "14.0.0", fixed: "14.2.25" },
      { introduced: "15.0.0", fixed: "15.2.3" },
    ],
  },
  {
    id: "GHSA-v64w-49xw-qq89",
    package: "next-auth",
    severity: "moderate",
    title: "Possible user mocking that bypasses basic authentication (next-auth middleware)",
    impact: "next-auth's own middleware can be made to treat a request as signed in",
    affected: [{ introduced: "0.0.0", fixed: "4.24.5" }],
  },
  {
    id: "GHSA-5jpx-9hw9-2fx4",
    package: "next-auth",
    severity: "moderate",
    title: "Email sign-in links misdelivered through nodemailer's address parser",
    impact: 'a crafted address ("a@attacker.example"@victim.example) sends the victim\'s sign-in link to the attacker',
    affected: [
      { introduced: "0.0.0", fixed: "4.24.12" },
      { introduced: "5.0.0-beta.0", fixed: "5.0.0-beta.30" },
    ],
  },
  {
    ...HOMOGLYPH_NORMALIZER,
    package: "next-auth",
    affected: [
      { introduced: "4.10.3", fixed: "4.24.15" },
      { introduced: "5.0.0-beta.1", fixed: "5.0.0-beta.32" },
    ],
  },
  { ...HOMOGLYPH_NORMALIZER, package: "@auth/core", affected: [{ introduced: "0.1.0", fixed: "0.41.3" }] },
  {
    id: "GHSA-8fpg-xm3f-6cx3",
    package: "next-auth",
    severity: "critical",
    title: "Configuration errors can make existence-based auth checks fail open",
    impact: "with a provider misconfigured, `auth()` returns an object, so `if (session)` checks let everyone in",
    affected: [{ introduced: "5.0.0-beta.0", fixed: "5.0.0-beta.32" }],
  },
  {
    id: "GHSA-x445-f3h2-j279",
    package: "@auth/core",
    severity: "moderate",
    title: "OAuth state, nonce and PKCE check cookies are not bound to the provider that created them",
    impact: "a sign-in flow started with one provider can be completed with another's callback",
    affected: [{ introduced: "0.0.0", fixed: "0.41.3" }],
  },
  {
    id: "GHSA-xmf8-cvqr-rfgj",
    package: "@auth/core",
    severity: "high",
    title: "getToken() throws on a malformed Bearer authorization header",
    impact: "one malformed request header crashes the request handler that reads the token",
    affected: [{ introduced: "0.1.0", fixed: "0.41.3" }],
  },
];
