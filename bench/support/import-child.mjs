/**
 * One process that imports what a Next app's auth module (JWT sessions, GitHub) loads, for hyperfine to
 * time from the outside (startup.bench.mjs). Every side first loads Next's own modules (`next/server`,
 * `next/navigation`, `next/headers`), as the app has them anyway, so the `next` side is the baseline and
 * each other side's time over it is its auth part alone:
 *   node import-child.mjs next|ours|@auth/core|next-auth|better-auth <runtime dir>
 * It prints `{"importMs": …}`: the auth part's time measured inside the process (after Next's modules, through
 * the side's set-up call), which startup.bench.mjs gathers over fresh processes; hyperfine discards it.
 * `ours` is the runtime's Next integration and GitHub provider, as src/auth.ts written by `init` imports
 * them; the others are each library's own Next entry (better-auth's stateless, cookie-only setup).
 */
import "./next-resolve.mjs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [side, runtimeDir] = process.argv.slice(2);
await import("next/server.js");
await import("next/navigation.js");
await import("next/headers.js");

const started = performance.now();
const secret = "benchmark-secret-with-more-than-thirty-two-characters";
const github = { clientId: "id", clientSecret: "secret" };
if (side === "ours") {
  const load = (file) => import(pathToFileURL(path.join(runtimeDir, file)).href);
  const { default: NextAuth } = await load("next.js");
  const { default: GitHub } = await load("providers/github.js");
  NextAuth({ secret, providers: [GitHub(github)] });
} else if (side === "@auth/core") {
  const { Auth } = await import("@auth/core");
  const { default: GitHub } = await import("@auth/core/providers/github");
  const config = { secret, providers: [GitHub(github)] };
  if (typeof Auth !== "function" || !config) throw new Error("@auth/core did not load");
} else if (side === "next-auth") {
  const { default: NextAuth } = await import("next-auth");
  const { default: GitHub } = await import("next-auth/providers/github");
  NextAuth({ secret, providers: [GitHub(github)] });
} else if (side === "better-auth") {
  const { betterAuth } = await import("better-auth");
  const { toNextJsHandler } = await import("better-auth/next-js");
  toNextJsHandler(
    betterAuth({
      secret,
      baseURL: "http://localhost:3000",
      telemetry: { enabled: false },
      logger: { disabled: true },
      socialProviders: { github },
    }),
  );
} else if (side !== "next") {
  throw new Error(`unknown side "${side}": next, ours, @auth/core, next-auth or better-auth`);
}
console.log(JSON.stringify({ importMs: performance.now() - started }));
