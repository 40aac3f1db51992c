/**
 * What the Hono integration reads of Hono's context and writes to it: the web Request to hand the core (its
 * body unread, or rebuilt from Hono's own cache when the app's middleware read it first), the environment on
 * every runtime Hono runs on, the client's address where the server adapter gives one, and the cookies the
 * core set.
 */
import type { Context } from "hono";
import { env as runtimeEnv } from "hono/adapter";
import { serializeCookie } from "../core/cookies/header.js";
import { setClientAddress } from "../core/limits/client-address.js";
import { processEnv } from "../core/server/mount-defaults.js";
import type { Cookie } from "../types.js";

type Env = Record<string, string | undefined>;

/**
 * The process environment (Node, Bun, Deno) under the runtime's own bindings (Workers' `c.env`), text values
 * only: a binding that is a KV namespace or a secret store object is not an environment variable.
 */
export function environmentOf(c: Context): Env {
  const merged: Env = { ...processEnv() };
  let bindings: Record<string, unknown> = {};
  try {
    bindings = runtimeEnv(c);
  } catch {
    // A runtime hono/adapter does not know (its "other") has no bindings to add.
  }
  for (const [name, value] of Object.entries(bindings ?? {})) if (typeof value === "string") merged[name] = value;
  return merged;
}

/**
 * The client's address as the server adapter hands it over: `@hono/node-server` passes Node's request as
 * `c.env.incoming`, Bun its server (`requestIP`). Only the connection's peer: a forwarded header is the
 * app's to trust through the rate limits' own setting (core/limits/client-address.ts).
 */
function clientAddress(c: Context): string | undefined {
  const bindings = c.env as
    | {
        incoming?: { socket?: { remoteAddress?: string } };
        requestIP?: (request: Request) => { address?: string } | null;
      }
    | undefined;
  try {
    return bindings?.incoming?.socket?.remoteAddress ?? bindings?.requestIP?.(c.req.raw)?.address ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The request's body as Hono cached it when an earlier middleware read it (`c.req.parseBody()`, `c.req.json()`):
 * the web Request's own stream can be read only once. A cached form goes on URL-encoded (its files, which no
 * sign-in reads, left out); anything else as the bytes Hono gives back. The core's limits then apply to it as
 * to any body.
 */
async function cachedBody(c: Context, headers: Headers): Promise<BodyInit> {
  // Re-encoded: the original length and framing no longer apply.
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  if ("formData" in c.req.bodyCache) {
    const form = new URLSearchParams();
    for (const [name, value] of await c.req.formData()) if (typeof value === "string") form.append(name, value);
    headers.set("content-type", "application/x-www-form-urlencoded");
    return form.toString();
  }
  return c.req.arrayBuffer();
}

/**
 * The Request the core is handed: Hono's own (`c.req.raw`), read once by the core; or, when an app's
 * middleware has already read its body, the same request with Hono's cached copy of it.
 */
export async function coreRequest(c: Context): Promise<Request> {
  const raw = c.req.raw;
  let request = raw;
  if (raw.bodyUsed) {
    const headers = new Headers(raw.headers);
    request = new Request(raw.url, { method: raw.method, headers, body: await cachedBody(c, headers) });
  }
  // The rate limits' client address when the app names no trusted header.
  setClientAddress(request, clientAddress(c));
  return request;
}

/**
 * Hands the core's cookies to Hono's response headers, each as the core's own Set-Cookie writes it. Before the
 * route answers, they go out with a response made by `c.json`, `c.html`, `c.redirect`, …; after it (`await
 * next()` in a middleware), with whatever response it made.
 */
export function appendCookies(c: Context, cookies: readonly Cookie[]): void {
  for (const cookie of cookies) c.header("Set-Cookie", serializeCookie(cookie), { append: true });
}
