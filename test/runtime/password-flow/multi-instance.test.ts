/**
 * Two app instances, as two real Node processes (instance-app.mjs: Express, the password provider), on one
 * PostgreSQL and one Redis, driven over HTTP as a browser would: a session started on one is read on the
 * other (database and JWT sessions), a reset link is used once across both, the rate limits count attempts at
 * either; Redis stopped mid-run fails sign-in closed (503) on both and both recover when it returns;
 * PostgreSQL restarted mid-run (fast, then immediate) loses no user, session or token, and neither process
 * falls over, nor drops a session cookie while the database is gone. The PostgreSQL cluster, the
 * redis-server and the SMTP server are this file's own, so it can stop them.
 */
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwords } from "../../../src/cli/database/model.js";
import { sqlSchema, tableStatements } from "../../../src/cli/database/sql/render.js";
import { freePort } from "../../support/ports.mjs";
import { type PrivatePostgres, startPrivatePostgres } from "../../support/private-postgres.mjs";
import { type RunningServer, startServer } from "../../support/processes.mjs";
import { startRedis, type TestRedis } from "../../support/redis.mjs";
import { copyRuntime, type RuntimeCopy } from "../../support/runtime-copy.mjs";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { CookieJar, firstLink, GOOD_PASSWORD, mailTo, OTHER_PASSWORD } from "./support.js";

const THIRD_PASSWORD = "copper-lantern-meadow-5163";
const EMAIL = "multi@example.test";
/**
 * Small enough to reach in a few requests: 6 per network in 5 minutes, and a first backoff wait of 60 s after
 * 5 failures at one account (the default's 1 s could pass between two requests on a loaded machine).
 */
const RULES = {
  signInPerIp: { name: "signin-ip", window: 300, max: 6, whenStoreDown: "closed" },
  signInPerAccount: {
    name: "signin-account",
    window: 900,
    max: 100,
    whenStoreDown: "closed",
    backoff: { free: 5, base: 60, cap: 120 },
  },
};

interface Instance {
  name: "A" | "B";
  origin: string;
  server: RunningServer;
  /** Set once the process has exited, for whatever reason. */
  exited: boolean;
}

let runtime: RuntimeCopy | undefined;
let smtp: SmtpServer | undefined;
let redis: TestRedis | undefined;
let postgres: PrivatePostgres | undefined;
let reader: pg.Pool | undefined;
const instances: Instance[] = [];
const timings: Record<string, number> = {};

/** Starts what the instances share, each in parallel; every piece started is stopped in afterAll. */
beforeAll(async () => {
  const started = performance.now();
  const shared = await Promise.allSettled([
    startSmtpServer().then((server) => (smtp = server)),
    startRedis().then((server) => (redis = server)),
    startPrivatePostgres().then((server) => (postgres = server)),
    Promise.resolve().then(() => (runtime = copyRuntime())),
  ]);
  for (const result of shared) if (result.status === "rejected") throw result.reason;
  timings.shared = Math.round(performance.now() - started);

  reader = new pg.Pool({ ...postgres!.connection, max: 2 });
  // The restart ends this pool's idle connection too: pg reports that as an `error` event, fatal unheard.
  reader.on("error", () => {});
  // The tables `init --db postgres` writes, and the passwords table.
  await reader.query(`${sqlSchema("postgres")}\n${tableStatements(passwords, "postgres").join("\n")}`);

  const script = path.join(import.meta.dirname, "instance-app.mjs");
  for (const name of ["A", "B"] as const) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startServer(process.execPath, [script], {
      env: {
        ...process.env,
        PORT: String(port),
        PARENT_PID: String(process.pid),
        RUNTIME_DIR: runtime!.dir,
        DATABASE_URL: `${postgres!.url}?application_name=instance-${name}`,
        REDIS_URL: redis!.url,
        SMTP_URL: smtp!.url,
        AUTH_SECRET: "multi-instance-test-secret-0123456789abcdef",
        RATE_LIMIT_RULES: JSON.stringify(RULES),
      },
      readyUrl: `${origin}/health`,
      timeoutMs: 60_000,
    });
    const instance: Instance = { name, origin, server, exited: false };
    server.closed.then(() => {
      instance.exited = true;
    });
    instances.push(instance);
  }
  timings.ready = Math.round(performance.now() - started);
}, 180_000);

afterAll(async () => {
  // Each step on its own: one that fails must not leave the others running.
  const steps = [
    ...instances.map((instance) => () => instance.server.stop()),
    () => reader?.end(),
    () => postgres?.close(),
    () => redis?.close(),
    () => smtp?.close(),
    () => runtime?.close(),
  ];
  for (const step of steps)
    await Promise.resolve()
      .then(step)
      .catch(() => undefined);
  console.info(`multi-instance timings (ms): ${JSON.stringify(timings)}`);
}, 60_000);

const [a, b] = [() => instances[0]!, () => instances[1]!];

/** A request as a script sends it (no navigation, so limits answer JSON), from the network `ip`. */
async function call(
  url: string,
  jar: CookieJar,
  { fields, ip = "198.51.100.1" }: { fields?: Record<string, string>; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": ip };
  if (jar.cookies.size > 0) headers.cookie = jar.header();
  if (fields) headers["content-type"] = "application/x-www-form-urlencoded";
  const response = await fetch(url, {
    method: fields ? "POST" : "GET",
    headers,
    body: fields ? new URLSearchParams(fields) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  jar.apply(response);
  return response;
}

/** Loads a CSRF token from `instance`, then posts the form there. */
async function post(
  instance: Instance,
  pathname: string,
  fields: Record<string, string>,
  { jar = new CookieJar(), ip }: { jar?: CookieJar; ip?: string } = {},
): Promise<Response> {
  const base = pathname.startsWith("/jwt/") ? "/jwt" : "/auth";
  const { csrfToken } = (await (await call(`${instance.origin}${base}/csrf`, jar, { ip })).json()) as {
    csrfToken: string;
  };
  return call(`${instance.origin}${pathname}`, jar, { fields: { csrfToken, ...fields }, ip });
}

async function me(instance: Instance, jar: CookieJar, route = "/me"): Promise<string | null> {
  return ((await (await call(`${instance.origin}${route}`, jar)).json()) as { email: string | null }).email;
}

/** Waits for mail number `count` to `to` (the provider mails after answering) and returns its link. */
async function mailedLink(to: string, count: number): Promise<URL> {
  const deadline = Date.now() + 20_000;
  while (mailTo(smtp!, to).length < count) {
    if (Date.now() > deadline) throw new Error(`mail ${count} to ${to} did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return firstLink(mailTo(smtp!, to)[count - 1]!);
}

/** Polls `probe` until it answers something other than undefined. */
async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A failed expectation ends the wait at once; anything else (a connection refused) is tried again.
    const value = await probe().catch((error) => {
      if (error?.name === "AssertionError") throw error;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function expectAlive() {
  for (const instance of instances) {
    expect(instance.exited, `instance ${instance.name} exited:\n${instance.server.output()}`).toBe(false);
  }
}

describe("two app processes on one PostgreSQL and one Redis", { timeout: 90_000 }, () => {
  /** The browser that verified the account on A; its database session is read on B. */
  const browser = new CookieJar();
  /** The browser that reset the password on B. */
  const phone = new CookieJar();
  /** A session started after the last reset (once Redis returned), which the PostgreSQL restart must keep. */
  let kept = new CookieJar();

  it("reads on B a session started on A, database and JWT alike", async () => {
    const started = performance.now();
    const signedUp = await post(a(), "/auth/signup/password", { email: EMAIL, password: GOOD_PASSWORD });
    expect(signedUp.headers.get("location")).toBe(`${a().origin}/auth/verify-request?provider=password&type=password`);
    const link = await mailedLink(EMAIL, 1);
    expect(link.origin).toBe(a().origin);

    const verified = await post(
      a(),
      "/auth/callback/password",
      { email: EMAIL, password: GOOD_PASSWORD, token: link.searchParams.get("token")! },
      { jar: browser },
    );
    expect(verified.headers.get("location")).toBe(a().origin);
    expect(await me(a(), browser)).toBe(EMAIL);
    expect(await me(b(), browser)).toBe(EMAIL);

    const jwtBrowser = new CookieJar();
    const jwtSignIn = await post(
      a(),
      "/jwt/callback/password",
      { email: EMAIL, password: GOOD_PASSWORD },
      {
        jar: jwtBrowser,
      },
    );
    expect(jwtSignIn.headers.get("location")).toBe(a().origin);
    expect(await me(b(), jwtBrowser, "/jwt-me")).toBe(EMAIL);

    // Signed out on B, gone on A too.
    const elsewhere = new CookieJar();
    await post(b(), "/auth/callback/password", { email: EMAIL, password: GOOD_PASSWORD }, { jar: elsewhere });
    expect(await me(a(), elsewhere)).toBe(EMAIL);
    await post(b(), "/auth/signout", {}, { jar: elsewhere });
    expect(await me(a(), elsewhere)).toBeNull();
    timings.sessions = Math.round(performance.now() - started);
  });

  it("uses a reset link once across both: asked on A, used on B, refused on A; raced on both, one wins", async () => {
    const started = performance.now();
    const ip = "198.51.100.2";
    await post(a(), "/auth/forgot-password/password", { email: EMAIL }, { ip });
    const link = await mailedLink(EMAIL, 2);
    const fields = { token: link.searchParams.get("token")!, email: EMAIL, password: OTHER_PASSWORD };

    const used = await post(b(), "/auth/reset-password/password", fields, { jar: phone, ip });
    expect(used.headers.get("location")).toBe(b().origin);
    expect(await me(a(), phone)).toBe(EMAIL);
    // The reset ended every other session, in the database both read.
    expect(await me(a(), browser)).toBeNull();
    expect(await me(b(), browser)).toBeNull();

    const again = await post(a(), "/auth/reset-password/password", { ...fields, password: THIRD_PASSWORD }, { ip });
    expect(again.headers.get("location")).toBe(`${a().origin}/auth/error?error=Verification`);

    // One link posted to both at once: the token's single DELETE … RETURNING lets exactly one through.
    await post(b(), "/auth/forgot-password/password", { email: EMAIL }, { ip: "198.51.100.3" });
    const raced = await mailedLink(EMAIL, 3);
    const race = { token: raced.searchParams.get("token")!, email: EMAIL, password: OTHER_PASSWORD };
    const answers = await Promise.all(
      [a(), b()].map((instance) =>
        post(instance, "/auth/reset-password/password", race, { ip: "198.51.100.3" }).then((response) =>
          response.headers.get("location")!.replace(instance.origin, ""),
        ),
      ),
    );
    expect(answers.sort()).toEqual(["", "/auth/error?error=Verification"]);
    // The winner ended the session of the previous reset, on both.
    expect(await me(a(), phone)).toBeNull();
    expect(await me(b(), phone)).toBeNull();
    timings.reset = Math.round(performance.now() - started);
  });

  it("counts wrong passwords at A and B against one limit, per network and per account", async () => {
    const started = performance.now();
    const refused = `${a().origin}/auth/signin?error=CredentialsSignin&code=credentials`;
    // One network, six different addresses, alternating: the sixth spends the network's rule on the two.
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? a() : b();
      const answer = await post(
        instance,
        "/auth/callback/password",
        { email: `n${i}@example.test`, password: "x" },
        {
          ip: "203.0.113.7",
        },
      );
      expect(answer.headers.get("location")).toBe(refused.replace(a().origin, instance.origin));
    }
    for (const instance of [a(), b()]) {
      const limited = await post(
        instance,
        "/auth/callback/password",
        { email: "n9@example.test", password: "x" },
        {
          ip: "203.0.113.7",
        },
      );
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(200);
      expect(await limited.json()).toMatchObject({ error: "RateLimited" });
    }

    // One account, five failures from five networks over both instances: the sixth waits (backoff) on either.
    const victim = "victim@example.test";
    for (let i = 0; i < 5; i++) {
      const instance = i % 2 === 0 ? b() : a();
      const answer = await post(
        instance,
        "/auth/callback/password",
        { email: victim, password: "x" },
        {
          ip: `192.0.2.${10 + i}`,
        },
      );
      expect(answer.status).toBe(302);
    }
    for (const instance of [a(), b()]) {
      const limited = await post(
        instance,
        "/auth/callback/password",
        { email: "Victim@Example.test", password: "x" },
        {
          ip: "192.0.2.99",
        },
      );
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(50);
    }
    timings.limits = Math.round(performance.now() - started);
  });

  it("fails sign-in closed on both while Redis is down, and both recover when it returns", async () => {
    const started = performance.now();
    await redis!.stop();
    try {
      for (const instance of [a(), b()]) {
        const answer = await post(
          instance,
          "/auth/callback/password",
          { email: EMAIL, password: OTHER_PASSWORD },
          {
            ip: "198.51.100.20",
          },
        );
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
        expect(await answer.json()).toEqual({ error: "RateLimitUnavailable", retryAfter: 5 });
      }
      timings.redisDown = Math.round(performance.now() - started);
    } finally {
      await redis!.start();
    }
    let attempt = 0;
    for (const instance of [a(), b()]) {
      const jar = new CookieJar();
      await until(
        async () => {
          // A network per attempt: however many tries the reconnection takes, no network rule is spent.
          const ip = `198.51.100.${100 + attempt++}`;
          const fields = { email: EMAIL, password: OTHER_PASSWORD };
          const answer = await post(instance, "/auth/callback/password", fields, { jar, ip });
          return answer.headers.get("location") === instance.origin ? true : undefined;
        },
        30_000,
        `sign-in on ${instance.name} after Redis returned`,
      );
      expect(await me(instance, jar)).toBe(EMAIL);
      kept = jar;
    }
    // Counting again, across both, in the restarted (empty) Redis.
    for (let i = 0; i < 6; i++) {
      await post(
        i % 2 === 0 ? a() : b(),
        "/auth/callback/password",
        { email: `r${i}@example.test`, password: "x" },
        {
          ip: "203.0.113.8",
        },
      );
    }
    const limited = await post(
      b(),
      "/auth/callback/password",
      { email: "r9@example.test", password: "x" },
      {
        ip: "203.0.113.8",
      },
    );
    expect(limited.status).toBe(429);
    expectAlive();
    timings.redisOutage = Math.round(performance.now() - started);
  });

  it("loses no user, session or token when PostgreSQL restarts (fast, then immediate), and both processes carry on", async () => {
    const started = performance.now();
    const db = reader!;
    const count = async () =>
      (
        await db.query(
          "SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM sessions)::int AS sessions, " +
            "(SELECT count(*) FROM verification_tokens)::int AS tokens, (SELECT count(*) FROM passwords)::int AS passwords",
        )
      ).rows[0] as Record<string, number>;

    // A reset link asked for before the restart, used after it.
    await post(a(), "/auth/forgot-password/password", { email: EMAIL }, { ip: "198.51.100.30" });
    const link = await mailedLink(EMAIL, 4);
    // Both pools hold idle connections now, which the restart ends under them.
    expect(await me(a(), kept)).toBe(EMAIL);
    expect(await me(b(), kept)).toBe(EMAIL);
    const idle = await db.query(
      "SELECT DISTINCT application_name FROM pg_stat_activity WHERE application_name LIKE 'instance-%' ORDER BY 1",
    );
    expect(idle.rows.map((row) => row.application_name)).toEqual(["instance-A", "instance-B"]);
    const before = await count();
    expect(before.tokens).toBeGreaterThan(0);

    const restartStarted = performance.now();
    await postgres!.restart("fast");
    timings.postgresRestart = Math.round(performance.now() - restartStarted);

    // The session started before the restart, read again on each instance.
    for (const instance of [a(), b()]) {
      await until(
        async () => {
          expectAlive();
          return (await me(instance, kept)) === EMAIL ? true : undefined;
        },
        30_000,
        `the session on ${instance.name} after the restart`,
      );
    }
    expect(await count()).toEqual(before);

    const reset = await post(b(), "/auth/reset-password/password", {
      token: link.searchParams.get("token")!,
      email: EMAIL,
      password: THIRD_PASSWORD,
    });
    expect(reset.headers.get("location")).toBe(b().origin);
    const session = new CookieJar();
    const signedIn = await post(
      a(),
      "/auth/callback/password",
      { email: EMAIL, password: THIRD_PASSWORD },
      { jar: session, ip: "198.51.100.31" },
    );
    expect(signedIn.headers.get("location")).toBe(a().origin);

    // A crash-like stop (immediate: no checkpoint, the WAL replayed at start) keeps everything as well.
    expect(await me(b(), session)).toBe(EMAIL);
    const beforeCrash = await count();
    await postgres!.stop("immediate");
    try {
      // While the database is gone: answers, not a fallen process. The sign-in goes to the error page; the
      // session reads as none but its cookie stays, so the user is signed in again once the database is back.
      const down = await post(
        a(),
        "/auth/callback/password",
        { email: EMAIL, password: THIRD_PASSWORD },
        {
          ip: "198.51.100.33",
        },
      );
      expect(down.status).toBe(302);
      expect(down.headers.get("location")).toMatch(`${a().origin}/auth/error?error=`);
      const cookie = session.get("authjs.session-token");
      const downSession = await call(`${b().origin}/auth/session`, session);
      expect(downSession.status).toBe(200);
      expect(await downSession.json()).toBeNull();
      expect(session.get("authjs.session-token")).toBe(cookie);
      expectAlive();
    } finally {
      await postgres!.start();
    }
    for (const instance of [a(), b()]) {
      await until(
        async () => {
          expectAlive();
          return (await me(instance, session)) === EMAIL ? true : undefined;
        },
        30_000,
        `the session on ${instance.name} after the immediate restart`,
      );
    }
    expect(await count()).toEqual(beforeCrash);
    const again = await post(
      b(),
      "/auth/callback/password",
      { email: EMAIL, password: THIRD_PASSWORD },
      {
        ip: "198.51.100.32",
      },
    );
    expect(again.headers.get("location")).toBe(b().origin);
    expectAlive();
    timings.postgres = Math.round(performance.now() - started);
  });
});
