// One instance of an app, for the several-instances test (multi-instance.test.ts), run as its own Node
// process: Express with ExpressAuth and the password provider, the postgres adapter on a pg Pool made as
// the CLI's auth-db template makes it (no options, no listeners of its own), the rate limits in Redis through
// node-redis, mail over SMTP. The runtime is imported from RUNTIME_DIR (the test's transpiled copy of
// src/runtime). `/auth` serves database sessions, `/jwt` JWT sessions; `/me` and `/jwt-me` read them.
// Prints `listening <port>` once it serves; an uncaught error prints `crashed: …` and ends the process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import pg from "pg";
import { createClient } from "redis";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`instance-app needs ${name}`);
  return value;
};
const runtime = (file) => import(pathToFileURL(path.join(env("RUNTIME_DIR"), file)).href);

const { ExpressAuth, getSession } = await runtime("express.js");
const { default: postgres } = await runtime("adapters/postgres.js");
const { default: password } = await runtime("providers/password.js");
const { createRedisStore } = await runtime("rate-limit/redis-store.js");

process.on("uncaughtException", (error) => {
  console.error(`crashed: ${error?.stack ?? error}`);
  process.exit(70);
});

export const pool = new pg.Pool({ connectionString: env("DATABASE_URL") });

// docs/rate-limits.md: node-redis's client must have an error listener, or a lost connection ends the process.
const redis = createClient({ url: env("REDIS_URL"), socket: { reconnectStrategy: 100 } });
redis.on("error", () => {});
await redis.connect();

const rules = JSON.parse(process.env.RATE_LIMIT_RULES ?? "{}");
const logger = {
  error: (error) => console.error(`auth error: ${error?.name}: ${error?.message}`),
  warn: (code) => console.error(`auth warning: ${code}`),
  debug: () => {},
};

function config(basePath, strategy) {
  return {
    secret: env("AUTH_SECRET"),
    trustHost: true,
    basePath,
    logger,
    adapter: postgres(pool),
    session: { strategy },
    providers: [password({ server: env("SMTP_URL"), from: "Example App <no-reply@example.test>" })],
    // The test names each request's network in X-Forwarded-For, as one load balancer in front of both would.
    rateLimit: { store: createRedisStore(redis), trustedIpHeader: { header: "x-forwarded-for", hops: 1 }, rules },
  };
}

const database = config("/auth", "database");
const jwt = config("/jwt", "jwt");
const app = express();
app.use("/auth", ExpressAuth(database));
app.use("/jwt", ExpressAuth(jwt));
app.get("/me", async (req, res) => {
  res.json({ email: (await getSession(req, database))?.user?.email ?? null });
});
app.get("/jwt-me", async (req, res) => {
  res.json({ email: (await getSession(req, jwt))?.user?.email ?? null });
});
app.get("/health", (_req, res) => {
  res.json({ pid: process.pid });
});

const server = app.listen(Number(env("PORT")), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});

// The test stops us by our pid; should its worker die first, we must not outlive it.
const parent = Number(env("PARENT_PID"));
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    process.exit(0);
  }
}, 1_000).unref();

process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  Promise.allSettled([pool.end(), redis.quit()]).finally(() => process.exit(0));
});
