#!/usr/bin/env node
/**
 * The endpoint bench (issue 25, points 3 and 4): every row of the issue's table, our runtime against
 * @auth/core 0.41 (next-auth 5 for the Next row), better-auth 1.7 and the floor (`new Request` +
 * `new Response(json)` + reading the body, no auth at all), all in this one process, in interleaved rounds.
 * Each single-request row also times "its floor": that row's request (with its cookies) read as any handler
 * reads it (URL and Cookie header), answered with our answer's status, headers (the reference's no-store
 * headers, the Set-Cookies) and body, built anew each time, with no auth code between. Building those objects is
 * a cost no handler giving that answer can avoid, so "ours ÷ its floor" is what our code costs, and
 * "its floor ÷ floor" the most any library could reach on that row.
 * Per row and side it prints ops/s (median of rounds), ops per CPU-second (the steadier figure on a loaded
 * machine), the mean and p99 latency per operation, and the ratios the issue states its goals in, by both
 * clocks; then the machine and the load average before and after.
 * It prints; it asserts nothing. `npm run bench` builds first; `BENCH_RUNTIME=<dir>` times another build of
 * src/runtime; BENCH_SECONDS (per round, default 0.5) and BENCH_ROUNDS (default 5) set the scale;
 * BENCH_ONLY=<text> times only the rows whose label holds that text.
 */
import "./support/next-resolve.mjs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  authorize,
  authRequest,
  authSides,
  credentialsSignIn,
  fields,
  ORIGIN,
  PASSWORD,
  SECRET,
  USER,
} from "./support/auth-sides.mjs";
import { BETTER_AUTH_ORIGIN, betterAuthSides } from "./support/better-auth.mjs";
import { interleave, loadAverage, machine } from "./support/measure.mjs";
import { inRouteHandler } from "./support/next-scope.mjs";

const root = path.resolve(import.meta.dirname, "..");
const runtimeDir = path.resolve(process.env.BENCH_RUNTIME ?? path.join(root, "dist", "runtime"));
const scale = { seconds: Number(process.env.BENCH_SECONDS ?? 0.5), rounds: Number(process.env.BENCH_ROUNDS ?? 5) };

const loadBefore = loadAverage();
const ours = await authSides(runtimeDir, path.join(root, "dist", "cli"));
const better = await betterAuthSides({ secret: SECRET, user: USER, password: PASSWORD });
const betterCookie = await better.signIn();
const { Auth, CoreAuth } = ours;

const text = (response) => response.text();
const viaAuth = (auth, config, action, cookie) => () => auth(authRequest(action, cookie), config).then(text);
const viaBetter = (instance, endpoint, cookie) => () =>
  instance
    .handler(new Request(`${BETTER_AUTH_ORIGIN}/api/auth/${endpoint}`, cookie ? { headers: { cookie } } : undefined))
    .then(text);

// The Next row: `auth()` as a route handler calls it, in Next's request scope, for each side.
const { default: NextAuth } = await import(pathToFileURL(path.join(runtimeDir, "next.js")).href);
const { default: NextAuthV5 } = await import("next-auth");
const { default: NextAuthCredentials } = await import("next-auth/providers/credentials");
const { headers: nextHeaders } = await import("next/headers.js");
const { basePath: _core, ...nextConfig } = ours.jwt.ours;
const ourNext = NextAuth(nextConfig);
const theirNext = NextAuthV5({ ...nextConfig, providers: [NextAuthCredentials({ credentials: fields, authorize })] });
// Next's server sets X-Forwarded-Proto on every request; next-auth reads the scheme (and so its cookies' names) from it.
const inRoute = (cookie, action) => () =>
  inRouteHandler(
    new Headers({ host: "localhost:3000", "x-forwarded-proto": "http", cookie }),
    new URL(`${ORIGIN}/api/me`),
    action,
  );

const floorOf = (request) => () => new Response(JSON.stringify({ url: request().url })).json();
const floor = floorOf(() => authRequest("session"));
/** The row's own floor (see the header): `request` read, and `answer` (a Response of ours, taken once) rebuilt. */
async function itsFloor(request, answer) {
  const { status } = answer;
  const headers = [...answer.headers];
  const body = await answer.text();
  return () => {
    const incoming = request();
    // What any handler reads of a request: its URL and its cookies.
    const read = incoming.url.length + (incoming.headers.get("cookie")?.length ?? 0);
    return new Response(body, { status, headers }).text().then((text) => text.length + read);
  };
}
/** The floor of a GET row answered through `auth` as `viaAuth` calls it. */
const floorOfAuth = async (auth, config, action, cookie) =>
  itsFloor(() => authRequest(action, cookie), await auth(authRequest(action, cookie), config));
const signedIn = (body) => typeof body === "string" && body.includes(USER.email);

/** The issue's rows: each side's operation (null: it has no such endpoint) and what a correct answer holds. */
const rows = [
  {
    label: "GET /session, JWT, browser cookies",
    ours: viaAuth(Auth, ours.jwt.ours, "session", ours.cookies.ours),
    reference: viaAuth(CoreAuth, ours.jwt.core, "session", ours.cookies.core),
    better: viaBetter(better.cached, "get-session", betterCookie),
    itsFloor: await floorOfAuth(Auth, ours.jwt.ours, "session", ours.cookies.ours),
    answers: signedIn,
  },
  {
    label: "GET /session, JWT, re-issue due",
    ours: viaAuth(Auth, ours.reissue.ours, "session", ours.cookies.ours),
    reference: viaAuth(CoreAuth, ours.reissue.core, "session", ours.cookies.core),
    better: viaBetter(better.reissuing, "get-session", betterCookie),
    itsFloor: await floorOfAuth(Auth, ours.reissue.ours, "session", ours.cookies.ours),
    answers: signedIn,
  },
  {
    label: "GET /session, database (SQLite)",
    ours: viaAuth(Auth, ours.database.ours, "session", ours.database.cookies.ours),
    reference: viaAuth(CoreAuth, ours.database.core, "session", ours.database.cookies.core),
    better: viaBetter(
      better.databaseOnly,
      "get-session",
      betterCookie.replace(/better-auth\.session_data=[^;]*(; )?/, ""),
    ),
    itsFloor: await floorOfAuth(Auth, ours.database.ours, "session", ours.database.cookies.ours),
    answers: signedIn,
  },
  {
    label: "GET /session, anonymous",
    ours: viaAuth(Auth, ours.jwt.ours, "session"),
    reference: viaAuth(CoreAuth, ours.jwt.core, "session"),
    better: viaBetter(better.cached, "get-session"),
    itsFloor: await floorOfAuth(Auth, ours.jwt.ours, "session"),
    answers: (body) => body === "null" || body === "{}",
  },
  {
    label: "GET /csrf",
    ours: viaAuth(Auth, ours.jwt.ours, "csrf"),
    reference: viaAuth(CoreAuth, ours.jwt.core, "csrf"),
    better: null,
    itsFloor: await floorOfAuth(Auth, ours.jwt.ours, "csrf"),
    answers: (body) => body.includes("csrfToken"),
  },
  {
    label: "GET /providers",
    ours: viaAuth(Auth, ours.jwt.ours, "providers"),
    reference: viaAuth(CoreAuth, ours.jwt.core, "providers"),
    better: null,
    itsFloor: await floorOfAuth(Auth, ours.jwt.ours, "providers"),
    answers: (body) => body.includes("credentials"),
  },
  {
    label: "credentials sign-in (csrf + form POST)",
    ours: () => credentialsSignIn(Auth, ours.jwt.ours),
    reference: () => credentialsSignIn(CoreAuth, ours.jwt.core),
    better: better.signIn,
    answers: (cookie) => /session_token=|session-token=/.test(cookie),
  },
  {
    label: "server-side auth() read in Next",
    referenceName: "next-auth 5",
    ours: inRoute(ours.cookies.ours, () => ourNext.auth().then(JSON.stringify)),
    reference: inRoute(ours.cookies.core, () => theirNext.auth().then(JSON.stringify)),
    better: inRoute(betterCookie, async () =>
      JSON.stringify(await better.cached.api.getSession({ headers: await nextHeaders() })),
    ),
    answers: signedIn,
  },
];

// Every side answers correctly before anything is timed: a fast wrong answer must not count.
for (const row of rows) {
  for (const side of ["ours", "reference", "better"]) {
    const answer = row[side] && (await row[side]());
    if (row[side] && !row.answers(answer))
      throw new Error(`${row.label}: ${side} answered ${String(answer).slice(0, 200)}`);
  }
}
const followingRead = viaAuth(Auth, ours.following.config, "session", ours.following.cookie);
if (!signedIn(await followingRead())) throw new Error("the JWT session following its user did not read");

const floorTail = (result) => `${(result.p99Us / result.meanUs).toFixed(1)}×`;
const number = (value, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (a, b) =>
  a && b
    ? `${(a.opsPerSecond / b.opsPerSecond).toFixed(2)}× (CPU ${(a.opsPerCpuSecond / b.opsPerCpuSecond).toFixed(2)}×)`
    : "n/a";

console.log(`Endpoints: ${machine()}, runtime from ${path.relative(root, runtimeDir) || "."}`);
console.log(
  `${scale.rounds} interleaved rounds of ${scale.seconds} s per side; ops/s and ops per CPU-second are medians of rounds, mean and p99 per operation`,
);
console.log(
  "better-auth: its JWE cookie cache for the JWT rows (re-encrypted on every read for re-issue), its own SQLite database (better-sqlite3 via Kysely) for the database row, /get-session for anonymous, email + password for sign-in, auth.api.getSession for the Next row; it has no /csrf or /providers",
);
console.log("Password hashing is out of every sign-in (credentials authorize; better-auth's hash replaced)\n");
const header = `${"row".padEnd(40)}${"side".padEnd(13)}${"ops/s".padStart(10)}${"ops/CPU-s".padStart(11)}${"mean µs".padStart(10)}${"p99 µs".padStart(10)}${"p99÷mean".padStart(10)}`;
console.log(header);
const summary = [];
for (const row of rows.filter((entry) => entry.label.includes(process.env.BENCH_ONLY ?? ""))) {
  const referenceName = row.referenceName ?? "@auth/core";
  const results = await interleave(
    [
      { name: "ours", operation: row.ours },
      { name: referenceName, operation: row.reference },
      { name: "better-auth", operation: row.better },
      { name: "floor", operation: floor },
      { name: "its floor", operation: row.itsFloor ?? null },
    ],
    scale,
  );
  console.log(row.label);
  for (const name of ["ours", referenceName, "better-auth", "floor", "its floor"]) {
    const result = results.get(name);
    const cells = result
      ? `${number(result.opsPerSecond).padStart(10)}${number(result.opsPerCpuSecond).padStart(11)}${number(result.meanUs, 1).padStart(10)}${number(result.p99Us, 1).padStart(10)}${(result.p99Us / result.meanUs).toFixed(1).padStart(9)}×`
      : `${"n/a".padStart(10)}`;
    console.log(`${"".padEnd(40)}${name.padEnd(13)}${cells}`);
  }
  const our = results.get("ours");
  summary.push(
    `| ${row.label} | ${number(our.opsPerSecond)} | ${ratio(our, results.get(referenceName))}${row.referenceName ? ` (${referenceName})` : ""} | ${ratio(our, results.get("better-auth"))} | ${ratio(our, results.get("floor"))} | ${ratio(our, results.get("its floor"))} | ${ratio(results.get("its floor"), results.get("floor"))} | ${(our.p99Us / our.meanUs).toFixed(1)}× | ${floorTail(results.get("floor"))} |`,
  );
  console.log(
    `${"".padEnd(40)}ours ÷ ${referenceName} ${ratio(our, results.get(referenceName))}, ours ÷ better-auth ${ratio(our, results.get("better-auth"))}, ours ÷ floor ${ratio(our, results.get("floor"))}, ours ÷ its floor ${ratio(our, results.get("its floor"))}, its floor ÷ floor ${ratio(results.get("its floor"), results.get("floor"))}`,
  );
}
console.log("\nSummary (ours; ratios of ops/s by the wall clock, and by CPU time)\n");
console.log(
  "| row | ours ops/s | ours ÷ @auth/core | ours ÷ better-auth | ours ÷ floor | ours ÷ its floor | its floor ÷ floor | ours p99 ÷ mean | floor p99 ÷ mean |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const line of summary) console.log(line);
const follow = await interleave(
  [
    { name: "following", operation: followingRead },
    { name: "plain", operation: rows[0].ours },
  ],
  scale,
);
console.log(
  `\nOurs alone: a JWT GET /session following its stored user (issue 21) ÷ the plain read: ${ratio(follow.get("following"), follow.get("plain"))} (${number(follow.get("following").opsPerSecond)} ÷ ${number(follow.get("plain").opsPerSecond)} ops/s)`,
);
console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
