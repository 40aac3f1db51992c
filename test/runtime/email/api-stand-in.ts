/**
 * One loopback HTTP server (node:http on 127.0.0.1) playing the send endpoint of every HTTP email vendor the
 * runtime speaks to, as each vendor documents it: the method and path, the vendor's authentication (a wrong
 * or missing key gets the vendor's own refusal), the body's required fields and its recipient (a missing field
 * or an address that is none gets the vendor's validation error), a rate limit on demand, and the vendor's success answer. A provider reaches it through
 * its `customFetch`, which `routeTo` builds: the vendor's URL keeps its host as the first path segment
 * (`https://api.resend.com/emails` → `http://127.0.0.1:<port>/api.resend.com/emails`). Every request is
 * recorded as it arrived, for the tests to read.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** The vendor's host, as the provider addressed it. */
  host: string;
  /** The path on the vendor's host. */
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A vendor's answer: status, and a JSON value or a plain-text body. */
interface Answer {
  status: number;
  json?: unknown;
  text?: string;
}

/** How one vendor's endpoint behaves. */
interface Vendor {
  /** The send endpoint: `POST <host><path>` (a `:domain` segment matches any sending domain). */
  host: string;
  path: RegExp;
  /** Whether the request carries `key` as the vendor expects it. */
  authorized(request: RecordedRequest, key: string): boolean;
  unauthorized: Answer;
  /** The name of a required field the body lacks, or null. */
  missingField(request: RecordedRequest): string | null;
  /** The recipient as the body names it. */
  recipient(request: RecordedRequest): unknown;
  invalid(field: string): Answer;
  rateLimited: Answer;
  accepted: Answer;
}

const bearer = (request: RecordedRequest, key: string) => request.headers.authorization === `Bearer ${key}`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

function json(request: RecordedRequest): Record<string, unknown> {
  try {
    return JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function firstMissing(body: Record<string, unknown>, fields: readonly string[]): string | null {
  return fields.find((field) => body[field] === undefined || body[field] === "") ?? null;
}

export const VENDORS: Record<string, Vendor> = {
  resend: {
    host: "api.resend.com",
    path: /^\/emails$/,
    authorized: bearer,
    unauthorized: { status: 403, json: { statusCode: 403, name: "invalid_api_key", message: "API key is invalid" } },
    missingField: (request) => firstMissing(json(request), ["from", "to", "subject"]),
    recipient: (request) => (json(request).to as unknown[] | undefined)?.[0],
    invalid: (field) => ({
      status: 422,
      json: { statusCode: 422, name: "validation_error", message: `The \`${field}\` field is required.` },
    }),
    rateLimited: {
      status: 429,
      json: {
        statusCode: 429,
        name: "rate_limit_exceeded",
        message: "Too many requests. You can only make 2 requests per second.",
      },
    },
    accepted: { status: 200, json: { id: randomUUID() } },
  },
  sendgrid: {
    host: "api.sendgrid.com",
    path: /^\/v3\/mail\/send$/,
    authorized: bearer,
    unauthorized: {
      status: 401,
      json: {
        errors: [
          { message: "The provided authorization grant is invalid, expired, or revoked", field: null, help: null },
        ],
      },
    },
    missingField: (request) => firstMissing(json(request), ["personalizations", "from", "subject", "content"]),
    recipient: (request) =>
      (json(request).personalizations as Array<{ to?: Array<{ email?: unknown }> }> | undefined)?.[0]?.to?.[0]?.email,
    invalid: (field) => ({
      status: 400,
      json: { errors: [{ message: `The ${field} parameter is required.`, field, help: null }] },
    }),
    rateLimited: { status: 429, json: { errors: [{ message: "too many requests", field: null, help: null }] } },
    // 202 Accepted with an empty body: queued for delivery.
    accepted: { status: 202, text: "" },
  },
  postmark: {
    host: "api.postmarkapp.com",
    path: /^\/email$/,
    authorized: (request, key) => request.headers["x-postmark-server-token"] === key,
    unauthorized: {
      status: 401,
      json: {
        ErrorCode: 10,
        Message: "The Server Token you provided in the X-Postmark-Server-Token request header was invalid.",
      },
    },
    missingField: (request) => firstMissing(json(request), ["From", "To"]),
    recipient: (request) => json(request).To,
    invalid: (field) => ({
      status: 422,
      json: { ErrorCode: 300, Message: `Invalid email request. '${field}' is required.` },
    }),
    rateLimited: { status: 429, json: { ErrorCode: 429, Message: "Rate limit exceeded." } },
    accepted: {
      status: 200,
      json: { To: "", SubmittedAt: new Date().toISOString(), MessageID: randomUUID(), ErrorCode: 0, Message: "OK" },
    },
  },
  mailgun: {
    host: "api.mailgun.net",
    path: /^\/v3\/[^/]+\/messages$/,
    authorized: (request, key) => request.headers.authorization === basic("api", key),
    // Mailgun refuses a bad key with a bare word, not JSON.
    unauthorized: { status: 401, text: "Forbidden" },
    missingField: (request) => {
      const form = new URLSearchParams(request.body);
      return ["from", "to", "subject"].find((field) => !form.get(field)) ?? null;
    },
    recipient: (request) => new URLSearchParams(request.body).get("to"),
    invalid: (field) => ({ status: 400, json: { message: `'${field}' parameter is missing` } }),
    rateLimited: { status: 429, json: { message: "Too many requests" } },
    accepted: { status: 200, json: { id: `<${randomUUID()}@mg.example.test>`, message: "Queued. Thank you." } },
  },
  loops: {
    host: "app.loops.so",
    path: /^\/api\/v1\/transactional$/,
    authorized: bearer,
    unauthorized: { status: 401, json: { success: false, message: "Invalid API key" } },
    missingField: (request) => firstMissing(json(request), ["transactionalId", "email"]),
    recipient: (request) => json(request).email,
    invalid: (field) => ({ status: 400, json: { success: false, message: `Missing required field: ${field}.` } }),
    rateLimited: { status: 429, json: { success: false, message: "Rate limit exceeded." } },
    accepted: { status: 200, json: { success: true } },
  },
  forwardemail: {
    host: "api.forwardemail.net",
    path: /^\/v1\/emails$/,
    authorized: (request, key) => request.headers.authorization === basic(key, ""),
    unauthorized: { status: 401, json: { statusCode: 401, error: "Unauthorized", message: "Invalid API token." } },
    missingField: (request) => firstMissing(json(request), ["from", "to"]),
    recipient: (request) => json(request).to,
    invalid: (field) => ({
      status: 400,
      json: { statusCode: 400, error: "Bad Request", message: `"${field}" is required` },
    }),
    rateLimited: {
      status: 429,
      json: { statusCode: 429, error: "Too Many Requests", message: "Rate limit exceeded." },
    },
    accepted: { status: 200, json: { id: randomUUID(), status: "queued" } },
  },
};

export interface EmailApiStandIn {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  requests: RecordedRequest[];
  /** The key every vendor accepts. */
  key: string;
  /** Answer the next request with the vendor's 429. */
  rateLimitNext(): void;
  /** A `fetch` that sends a vendor's URL to this server instead (a provider's `customFetch`). */
  routeTo: typeof fetch;
  close(): Promise<void>;
}

function vendorOf(host: string, path: string): Vendor | undefined {
  return Object.values(VENDORS).find((vendor) => vendor.host === host && vendor.path.test(path));
}

function write(response: ServerResponse, answer: Answer): void {
  if (answer.json !== undefined) {
    response.writeHead(answer.status, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(answer.json));
  } else {
    response.writeHead(answer.status, { "content-type": "text/plain; charset=utf-8" });
    response.end(answer.text ?? "");
  }
}

export async function startEmailApiStandIn(key = `test-key-${randomUUID()}`): Promise<EmailApiStandIn> {
  const requests: RecordedRequest[] = [];
  let rateLimit = false;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const [, host = "", ...rest] = (incoming.url ?? "/").split("/");
      const path = `/${rest.join("/")}`;
      const request: RecordedRequest = {
        method: incoming.method ?? "",
        host,
        path,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      const vendor = vendorOf(host, path);
      if (!vendor || request.method !== "POST") return write(response, { status: 404, json: { message: "Not Found" } });
      // The next request takes the rate limit whatever it holds, so a failing test leaves none for the next.
      const limited = rateLimit;
      rateLimit = false;
      if (!vendor.authorized(request, key)) return write(response, vendor.unauthorized);
      if (limited) return write(response, vendor.rateLimited);
      const missing = vendor.missingField(request);
      if (missing) return write(response, vendor.invalid(missing));
      const recipient = vendor.recipient(request);
      if (typeof recipient !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(recipient)) {
        return write(response, vendor.invalid("to"));
      }
      write(response, vendor.accepted);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const routeTo: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${origin}/${url.host}${url.pathname}${url.search}`, init);
  };
  return {
    origin,
    requests,
    key,
    rateLimitNext: () => {
      rateLimit = true;
    },
    routeTo,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
