/**
 * Talking to an app served on loopback as a browser would, for the integrations' tests (Express, Hono,
 * Fastify, …): requests that carry and keep a cookie jar and never follow redirects, a page navigation with
 * the headers only a browser sends, form and JSON bodies, and the CSRF token + credentials sign-in every
 * test starts with. One copy, so each integration's test reads as what it checks.
 */
import { type IncomingHttpHeaders, request } from "node:http";
import { expect } from "vitest";
import { type CookieJar, DEMO_USER } from "../core/support.js";

/** fetch with the jar's cookies sent and the answer's kept; redirects are returned, not followed. */
export async function call(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size > 0) headers.set("cookie", jar.header());
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.apply(response);
  return response;
}

/**
 * A browser's page navigation. Node's fetch always sends `Sec-Fetch-Mode: cors` (a script's request), so a
 * navigation's own headers go out through Node's HTTP client instead.
 */
export function navigate(url: string, jar: CookieJar, headers: Record<string, string> = {}): Promise<Response> {
  const sent = { accept: "text/html", "sec-fetch-mode": "navigate", "sec-fetch-site": "none", ...headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { headers: jar.cookies.size > 0 ? { ...sent, cookie: jar.header() } : sent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const received = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
              received.append(name, item);
          }
          const response = new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: received });
          jar.apply(response);
          resolve(response);
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

export function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** `GET <origin>/auth/csrf`: the token, its cookie kept in the jar. */
export async function csrfToken(origin: string, jar: CookieJar): Promise<string> {
  const response = await call(`${origin}/auth/csrf`, jar);
  expect(response.status).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** The demo user's credentials sign-in through `/auth`, landing on `/me`: the core's answer, unfollowed. */
export async function signIn(origin: string, jar: CookieJar, password = "correct horse"): Promise<Response> {
  const csrf = await csrfToken(origin, jar);
  return call(
    `${origin}/auth/callback/credentials`,
    jar,
    form({ csrfToken: csrf, email: DEMO_USER.email!, password, callbackUrl: `${origin}/me` }),
  );
}

/** A raw HTTP/1.1 request, for what fetch will not send (a bad Host, an absolute-form target, a streamed body). */
export function rawRequest(
  origin: string,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(
      { host: "127.0.0.1", port, path: options.path, method: options.method ?? "GET", headers: options.headers },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    // The server may close the connection before the whole body is written (a 413): only a missing answer fails.
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(options.body);
  });
}
