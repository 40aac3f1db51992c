/**
 * AUTH_URL and host trust, judged the way the runtime decides them (runtime/core/env.ts `envUrl` and
 * `envTrustHost`, core/assert.ts): with `--production`, as `NODE_ENV=production` on a server reached by
 * its public name. Each finding says what the runtime would do with these settings.
 */
import { isLoopbackHostname } from "../../../runtime/core/assert.js";
import { envTrustHost, envUrl } from "../../../runtime/core/env.js";
import { type Finding, finding, ok } from "../../checks/finding.js";
import type { DoctorContext } from "./context.js";

/** The file of the app's own that passes `trustHost: true` (or false) to the config, if one does. */
function configuredTrustHost(ctx: DoctorContext): { value: boolean; file: string } | null {
  const files = ctx.project ? ctx.project.target.ownedFiles(ctx.project.info) : [];
  for (const file of files) {
    const match = /\btrustHost\s*:\s*(true|false)\b/.exec(ctx.reader.read(file) ?? "");
    if (match) return { value: match[1] === "true", file };
  }
  return null;
}

const urlKey = (env: DoctorContext["env"]) => (env["AUTH_URL"] ? "AUTH_URL" : "NEXTAUTH_URL");

export function checkDeployment(ctx: DoctorContext): Finding[] {
  const env = ctx.production ? { ...ctx.env, NODE_ENV: "production" } : ctx.env;
  const url = envUrl(env);
  const findings: Finding[] = [];
  let parsed: URL | null = null;
  if (url) {
    try {
      parsed = new URL(url);
    } catch {
      findings.push(
        finding(
          "error",
          "url.invalid",
          `${urlKey(env)} is not a URL: the runtime logs env-url-invalid and ignores it, building URLs from each request's Host instead.`,
          `set it to the site's public origin, for example https://app.example.com`,
        ),
      );
    }
  }
  const loopback = parsed ? isLoopbackHostname(parsed.hostname) : false;
  if (parsed && ctx.production) {
    if (loopback) {
      findings.push(
        finding(
          "error",
          "url.localhost",
          `${urlKey(env)} is ${parsed.origin} in production: every callback URL and emailed sign-in link would point at localhost.`,
          "set it to the deployed site's public URL in the deployment's environment",
        ),
      );
    } else if (parsed.protocol === "http:") {
      findings.push(
        finding(
          "error",
          "url.insecure",
          `${urlKey(env)} is http://${parsed.host} in production: session cookies go without Secure and over plain HTTP, and OAuth providers refuse http callback URLs for public hosts.`,
          `serve the site over HTTPS and set ${urlKey(env)}=https://${parsed.host}${parsed.pathname.replace(/\/$/, "")}`,
        ),
      );
    } else
      findings.push(
        ok("url.public", `${urlKey(env)} is ${parsed.origin}: URLs are built on it, not on the Host header.`),
      );
  }
  if (parsed && !ctx.production && !loopback) {
    findings.push(
      finding(
        "warning",
        "url.not-local",
        `${urlKey(env)} is ${parsed.origin} on this machine: sign-in redirects and callback URLs in development go to that site, not to the local server.`,
        `leave AUTH_URL unset in the env file (the runtime uses the local request's URL) and set it only where the app is deployed`,
      ),
    );
  }

  const configured = configuredTrustHost(ctx);
  const trust = configured?.value ?? envTrustHost(env);
  if (ctx.production && !url) {
    if (trust === true) {
      findings.push(
        finding(
          "info",
          "url.trust-host",
          `No AUTH_URL; the Host and X-Forwarded-Host headers are trusted (${configured ? `trustHost: true in ${configured.file}` : env["AUTH_TRUST_HOST"] ? "AUTH_TRUST_HOST" : env["VERCEL"] ? "VERCEL" : "CF_PAGES"}): URLs are built on whatever host the request names.`,
          "only behind a proxy that sets those headers itself; otherwise set AUTH_URL to the public URL",
          configured?.file,
        ),
      );
    } else {
      findings.push(
        finding(
          "error",
          "url.untrusted-host",
          trust === false
            ? `No AUTH_URL and the host is not trusted (${configured ? `trustHost: false in ${configured.file}` : "AUTH_TRUST_HOST=false"}): the runtime answers every auth request with an UntrustedHost error.`
            : "No AUTH_URL, no AUTH_TRUST_HOST and no trustHost in the config: in production the runtime trusts only requests to localhost, so every auth request on the public site fails with UntrustedHost.",
          "set AUTH_URL to the site's public URL (https://…) in the deployment's environment, or AUTH_TRUST_HOST=true when a proxy you run sets the Host header",
          configured?.file,
        ),
      );
    }
  }
  return findings;
}
