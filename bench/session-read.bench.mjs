#!/usr/bin/env node
/**
 * Side-by-side benchmark against the reference (`@auth/core`, a devDependency), measured in one run on one
 * machine, so the ratios mean something even where absolute numbers do not:
 *   1. JWT session reads: GET /session through `Auth` with a valid cookie, and the bare `decode` of the same
 *      token again (the runtime remembers tokens it decrypted) and of tokens it has never seen. Then ours
 *      alone: a JWT session that follows its stored user (an adapter, core/session/follow-user.ts) against
 *      the same read without one, the cost of "sessions follow the account" (issue 21: keep ≥ 80 %).
 *   2. The other endpoints a visit touches (signed-out session, csrf, providers, a credentials sign-in),
 *      against @auth/core and against the floor (a Request and a Response alone).
 *   3. CLI start-up: `auth --help` and `auth secret --raw` against a bare `node -e 0`.
 * It prints; it asserts nothing. Run `npm run bench` (builds first), or `node bench/session-read.bench.mjs`
 * on an existing build (`BENCH_RUNTIME=<dir>` points it at another build of src/runtime).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Auth as ReferenceAuth } from "@auth/core";
import { decode as referenceDecode } from "@auth/core/jwt";
import ReferenceCredentials from "@auth/core/providers/credentials";

const root = path.resolve(import.meta.dirname, "..");
const runtimeDir = path.resolve(process.env.BENCH_RUNTIME ?? path.join(root, "dist", "runtime"));
const load = (file) => import(pathToFileURL(path.join(runtimeDir, file)).href);
const { Auth } = await load("index.js");
const { decode, encode } = await load("jwt.js");
const credentials = (await load("providers/credentials.js")).default;
const memory = (await load("adapters/memory.js")).default;

// Scale of the run: seconds per timed round, rounds per comparison, spawns per start-up figure. The defaults
// are the figures' run; the test of this script (test/runtime/bench.test.ts) runs it at a tiny scale.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const SECRET = "benchmark-secret-with-more-than-thirty-two-characters";
const ORIGIN = "http://localhost:3000";
const SESSION = "authjs.session-token";
const USER = { id: "user-1", name: "Ada Lovelace", email: "ada@example.test", image: null };
const quiet = { error() {}, warn() {}, debug() {} };
const authorize = async (input) => (input.email === USER.email && input.password === "correct horse" ? USER : null);
const fields = { email: { label: "Email" }, password: { label: "Password", type: "password" } };

const ours = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  logger: quiet,
  providers: [credentials({ credentials: fields, authorize })],
};
const theirs = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  logger: quiet,
  providers: [ReferenceCredentials({ credentials: fields, authorize })],
};

/** The cookies a response sets, as a `Cookie` header merged over `previous`. */
function cookieHeader(response, previous = new Map()) {
  const jar = new Map(previous);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const separator = pair.indexOf("=");
    jar.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
  return jar;
}
const serialize = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Signs the user in through an `Auth` (ours or the reference) and returns the Cookie header it leaves. */
async function signIn(auth, config) {
  const csrf = await auth(new Request(`${ORIGIN}/auth/csrf`), config);
  let jar = cookieHeader(csrf);
  const { csrfToken } = await csrf.json();
  const body = new URLSearchParams({ csrfToken, email: USER.email, password: "correct horse" });
  const response = await auth(
    new Request(`${ORIGIN}/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: serialize(jar), "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
    config,
  );
  jar = cookieHeader(response, jar);
  if (!jar.get(SESSION)) throw new Error("sign-in did not set a session cookie");
  return { header: serialize(jar), token: decodeURIComponent(jar.get(SESSION)) };
}

/** Runs `operation` for about `seconds`; returns operations per second. */
async function round(operation, seconds) {
  let count = 0;
  const start = performance.now();
  const stop = start + seconds * 1000;
  while (performance.now() < stop) {
    for (let batch = 0; batch < 20; batch++) await operation();
    count += 20;
  }
  return count / ((performance.now() - start) / 1000);
}

/**
 * Ops/s of two operations, measured in alternating rounds after a warm-up, keeping each one's best round:
 * on a shared machine, load comes and goes, and alternating plus best-of keeps it from favouring either side.
 */
async function compare(first, second, rounds = ROUNDS, seconds = SECONDS) {
  await round(first, seconds);
  await round(second, seconds);
  let a = 0;
  let b = 0;
  for (let index = 0; index < rounds; index++) {
    a = Math.max(a, await round(first, seconds));
    b = Math.max(b, await round(second, seconds));
  }
  return [a, b];
}

const format = (value) => Math.round(value).toLocaleString("en-US").padStart(10);

async function sessionReads() {
  const our = await signIn(Auth, ours);
  const their = await signIn(ReferenceAuth, theirs);
  const get = (header) => new Request(`${ORIGIN}/auth/session`, { headers: { cookie: header } });
  // Sanity: each side answers with the user before anything is timed.
  for (const [auth, config, header] of [
    [Auth, ours, our.header],
    [ReferenceAuth, theirs, their.header],
  ]) {
    const session = await (await auth(get(header), config)).json();
    if (session?.user?.email !== USER.email) throw new Error("a session read did not return the user");
  }
  // More distinct tokens than the runtime remembers decrypted (1024), taken in turn: every decode is a miss.
  const fresh = await Promise.all(
    Array.from({ length: 4096 }, (_, index) =>
      encode({ token: { ...USER, sub: String(index) }, secret: SECRET, salt: SESSION }),
    ),
  );
  let next = 0;
  const unseen = () => fresh[next++ % fresh.length];
  const rows = [
    [
      "GET /session through Auth",
      () => Auth(get(our.header), ours).then((r) => r.arrayBuffer()),
      () => ReferenceAuth(get(their.header), theirs).then((r) => r.arrayBuffer()),
    ],
    [
      "decode, the same JWE again",
      () => decode({ token: our.token, secret: SECRET, salt: SESSION }),
      () => referenceDecode({ token: their.token, secret: SECRET, salt: SESSION }),
    ],
    [
      "decode, a JWE never seen before",
      () => decode({ token: unseen(), secret: SECRET, salt: SESSION }),
      () => referenceDecode({ token: their.token, secret: SECRET, salt: SESSION }),
    ],
  ];
  console.log("JWT session read (ops/s, higher is better; target ≥ 10×)");
  console.log(`  ${"".padEnd(34)}${"ours".padStart(10)}  ${"@auth/core".padStart(10)}   ratio`);
  for (const [label, mine, reference] of rows) {
    const [a, b] = await compare(mine, reference);
    console.log(`  ${label.padEnd(34)}${format(a)}  ${format(b)}   ${(a / b).toFixed(1)}×`);
  }
  await followedReads(get, our.header);
  // What no implementation can beat: building the Request and reading a Response, with no auth at all.
  const floor = await round(() => new Response(JSON.stringify(get(our.header).url)).arrayBuffer(), SECONDS * 2.5);
  console.log(`  ${"(floor: Request + Response alone)".padEnd(34)}${format(floor)}`);
}

/**
 * A JWT session started through an adapter records its sign-in (`sign_in`) and is checked against the stored
 * user at most every `session.revalidateAge` seconds: the same read with and without that, ours alone (older
 * builds ignore the claim, so there the ratio is ~1×).
 */
async function followedReads(get, plainHeader) {
  const adapter = memory();
  const user = await adapter.createUser({ id: USER.id, name: USER.name, email: USER.email, emailVerified: null });
  await adapter.linkAccount({ userId: user.id, type: "oidc", provider: "oidc", providerAccountId: "ada" });
  const followed = { ...ours, adapter, session: { strategy: "jwt" } };
  const signIn = { type: "oidc", provider: "oidc", providerAccountId: "ada", email: USER.email };
  const claims = { name: USER.name, email: USER.email, picture: null, sub: user.id, sign_in: signIn };
  const token = await encode({
    token: { ...claims, auth_time: Math.floor(Date.now() / 1000) },
    secret: SECRET,
    salt: SESSION,
  });
  const header = `${SESSION}=${token}`;
  const session = await (await Auth(get(header), followed)).json();
  if (session?.user?.email !== USER.email) throw new Error("the followed session read did not return the user");
  const [a, b] = await compare(
    () => Auth(get(header), followed).then((r) => r.arrayBuffer()),
    () => Auth(get(plainHeader), ours).then((r) => r.arrayBuffer()),
  );
  console.log(
    `  ${"GET /session following its user".padEnd(34)}${format(a)}  ${format(b)}   ${(a / b).toFixed(2)}× of ours without an adapter`,
  );
}

/**
 * The other endpoints a visit touches, ours against @auth/core, and each against the floor: a `new Request`,
 * a `new Response` of a small JSON body and reading that body back, with no auth at all (issue 25's goals:
 * ≥ 0.6× the floor for these reads, credentials sign-in ≥ 6× @auth/core).
 */
async function endpoints() {
  const get = (action, cookie) => new Request(`${ORIGIN}/auth/${action}`, cookie ? { headers: { cookie } } : undefined);
  const floor = () => {
    const request = get("session");
    return new Response(JSON.stringify({ url: request.url })).json();
  };
  const through = (auth, config, action) => () => auth(get(action), config).then((r) => r.arrayBuffer());
  const rows = [
    ["GET /session, signed out", "session"],
    ["GET /csrf", "csrf"],
    ["GET /providers", "providers"],
  ].map(([label, action]) => [label, through(Auth, ours, action), through(ReferenceAuth, theirs, action)]);
  rows.push(["credentials sign-in (csrf + POST)", () => signIn(Auth, ours), () => signIn(ReferenceAuth, theirs)]);
  const floorRate = Math.max(await round(floor, SECONDS), await round(floor, SECONDS));
  console.log("\nOther endpoints (ops/s, higher is better)");
  console.log(`  ${"".padEnd(34)}${"ours".padStart(10)}  ${"@auth/core".padStart(10)}   ratio   ours ÷ floor`);
  for (const [label, mine, reference] of rows) {
    const [a, b] = await compare(mine, reference);
    console.log(
      `  ${label.padEnd(34)}${format(a)}  ${format(b)}   ${(a / b).toFixed(1).padStart(4)}×   ${(a / floorRate).toFixed(2)}×`,
    );
  }
  console.log(`  ${"(floor: Request + Response + body)".padEnd(34)}${format(floorRate)}`);
}

/** Mean wall time (ms) of each command: hyperfine when installed, else a timed loop of spawns. */
function startupTimes(commands) {
  const hasHyperfine = spawnSync("hyperfine", ["--version"], { stdio: "ignore" }).status === 0;
  if (hasHyperfine) {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-")), "startup.json");
    execFileSync(
      "hyperfine",
      [
        "--style",
        "none",
        "--warmup",
        "3",
        "--runs",
        String(RUNS),
        "--export-json",
        out,
        ...commands.map((c) => c.join(" ")),
      ],
      { cwd: root, stdio: "ignore" },
    );
    const { results } = JSON.parse(fs.readFileSync(out, "utf8"));
    return {
      tool: "hyperfine",
      means: results.map((result) => result.mean * 1000),
      // CPU time (user + system) barely moves with the machine's load, unlike wall time.
      cpu: results.map((result) => (result.user + result.system) * 1000),
    };
  }
  const means = commands.map(([file, ...args]) => {
    for (let run = 0; run < 3; run++) spawnSync(file, args, { cwd: root, stdio: "ignore" });
    const start = performance.now();
    for (let run = 0; run < RUNS; run++) spawnSync(file, args, { cwd: root, stdio: "ignore" });
    return (performance.now() - start) / RUNS;
  });
  return { tool: `timed loop (${RUNS} runs)`, means };
}

function cliStartup() {
  const node = process.execPath;
  const commands = [
    [node, "-e", "0"],
    [node, "bin/auth.js", "--help"],
    [node, "bin/auth.js", "secret", "--raw"],
  ];
  const broken = commands.find(([file, ...args]) => spawnSync(file, args, { cwd: root, stdio: "ignore" }).status !== 0);
  if (broken) {
    console.log(`\nCLI start-up: skipped, \`${broken.slice(1).join(" ")}\` fails (run \`npm run build\` first)`);
    return;
  }
  const { tool, means, cpu } = startupTimes(commands);
  const [bare, ...rest] = means;
  console.log(`\nCLI start-up (mean ms, ${tool}; target ≤ 1.3× bare node)`);
  console.log(`  ${"".padEnd(34)}${"wall".padStart(8)}          ${cpu ? "cpu (user+sys)".padStart(14) : ""}`);
  const cpuCell = (index) =>
    cpu ? `${cpu[index].toFixed(1).padStart(8)} ms ${(cpu[index] / cpu[0]).toFixed(2)}×` : "";
  console.log(`  ${"node -e 0".padEnd(34)}${bare.toFixed(1).padStart(8)} ms          ${cpuCell(0)}`);
  rest.forEach((mean, index) => {
    const label = commands[index + 1].slice(1).join(" ");
    console.log(
      `  ${label.padEnd(34)}${mean.toFixed(1).padStart(8)} ms ${(mean / bare).toFixed(2)}×   ${cpuCell(index + 1)}`,
    );
  });
}

console.log(`Node ${process.version}, ${os.cpus().length} CPUs, runtime from ${path.relative(root, runtimeDir)}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const loadBefore = loadAverage();
await sessionReads();
await endpoints();
cliStartup();
console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
