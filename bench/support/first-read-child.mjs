/**
 * One cold start, in a process of its own (startup.bench.mjs spawns it): what a Next app with JWT sessions
 * and GitHub imports for its auth module, then the first GET /session with a valid cookie through the
 * route handler, and the median of 50 warm ones after it (issue 25, point 1: the first within 2× a warm
 * one). `side` is `ours` (the runtime's Next integration), `next-auth` (next-auth 5) or `floor`: the endpoint
 * bench's floor (`new Request` + `new Response(json)` + reading the body) with Next's modules loaded as well,
 * which shows what a first call costs before any auth code runs (V8 compiles each function on its first call).
 * Prints one JSON line.
 *   node first-read-child.mjs ours|next-auth|floor <runtime dir> <session JWE>
 */
import "./next-resolve.mjs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [side, runtimeDir, cookie] = process.argv.slice(2);
await import("next/server.js");
await import("next/navigation.js");
await import("next/headers.js");
const settings = {
  secret: "benchmark-secret-with-more-than-thirty-two-characters",
  trustHost: true,
  basePath: "/auth",
  logger: { error() {}, warn() {}, debug() {} },
};
const github = { clientId: "id", clientSecret: "secret" };
const load = (file) => import(pathToFileURL(path.join(runtimeDir, file)).href);
const sessionRequest = () =>
  new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${cookie}` } });

/** The GET handler of `side`: the auth library's, or the floor's (a JSON answer, no auth code). */
async function handlerOf() {
  if (side === "floor") {
    return async (request) => new Response(JSON.stringify({ user: { name: "Ada Lovelace" }, url: request.url }));
  }
  const [{ default: NextAuth }, { default: GitHub }] =
    side === "ours"
      ? await Promise.all([load("next.js"), load("providers/github.js")])
      : await Promise.all([import("next-auth"), import("next-auth/providers/github")]);
  return NextAuth({ ...settings, providers: [GitHub(github)] }).handlers.GET;
}
const GET = await handlerOf();

async function readSession() {
  const started = performance.now();
  const response = await GET(sessionRequest());
  const body = await response.json();
  if (!body?.user) throw new Error(`${side}: the session did not read`);
  return performance.now() - started;
}
const first = await readSession();
const warm = [];
for (let index = 0; index < 50; index++) warm.push(await readSession());
warm.sort((a, b) => a - b);
console.log(JSON.stringify({ first, warm: warm[25] }));
