/**
 * One cold start, in a process of its own (cold-start.bench.mjs spawns it): what a Next app with JWT sessions
 * and GitHub imports for its auth module, timed apart from Next's own modules (loaded first, as the app has
 * them anyway), then the first GET /session with a valid cookie and the median of warm ones after it.
 * `side` is `ours` (the runtime's Next integration, its GitHub provider) or `reference` (@auth/core and its
 * GitHub provider, read through `Auth`: next-auth is not a devDependency here, and its Next layer is thin
 * over @auth/core). Ours reads through the Next integration's route handler, as an app's route does.
 * Prints one JSON line.
 */
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The runtime's Next integration imports `next/navigation` without an extension, as Next's bundler resolves
// it; plain Node needs the file name.
register(
  `data:text/javascript,${encodeURIComponent(
    "export async function resolve(s, c, n) { try { return await n(s, c); } catch (e) { if (/^next\\//.test(s) && !s.endsWith('.js')) return n(s + '.js', c); throw e; } }",
  )}`,
);

const [side, runtimeDir, cookie] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(runtimeDir, file)).href);

const t0 = performance.now();
await import("next/server.js");
await import("next/navigation.js");
await import("next/headers.js");
const t1 = performance.now();
const cpu1 = process.cpuUsage();
const settings = {
  secret: "benchmark-secret-with-more-than-thirty-two-characters",
  trustHost: true,
  basePath: "/auth",
  logger: { error() {}, warn() {}, debug() {} },
};
let read;
if (side === "ours") {
  // What the app's auth module does: NextAuth over the config; the route handler answers GET /session.
  const NextAuth = (await load("next.js")).default;
  const GitHub = (await load("providers/github.js")).default;
  const { handlers } = NextAuth({ ...settings, providers: [GitHub({ clientId: "id", clientSecret: "secret" })] });
  read = (request) => handlers.GET(request);
} else {
  const { Auth } = await import("@auth/core");
  const GitHub = (await import("@auth/core/providers/github")).default;
  const config = { ...settings, providers: [GitHub({ clientId: "id", clientSecret: "secret" })] };
  read = (request) => Auth(request, config);
}
const t2 = performance.now();
const cpu = process.cpuUsage(cpu1);
const readSession = async () => {
  const response = await read(
    new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${cookie}` } }),
  );
  const body = await response.json();
  if (!body?.user) throw new Error(`${side}: the session did not read`);
};
const t3 = performance.now();
await readSession();
const first = performance.now() - t3;
const warm = [];
for (let index = 0; index < 50; index++) {
  const start = performance.now();
  await readSession();
  warm.push(performance.now() - start);
}
warm.sort((a, b) => a - b);
// CPU time as well as wall time: on a loaded machine the wall clock counts other processes' turns too.
console.log(
  JSON.stringify({ next: t1 - t0, auth: t2 - t1, authCpu: (cpu.user + cpu.system) / 1000, first, warm: warm[25] }),
);
