/**
 * The one reader of a request body, for the core and for every integration that reads one itself (a form
 * action, Node's request stream): it reads the bytes once, under the configured limits, and parses them once.
 * A 10 MB body of a million fields used to cost the credentials endpoint seconds of CPU (issue 21): here it
 * costs nothing, since a declared Content-Length over the limit is refused before a byte is read, a stream is
 * read only until it passes the limit, and a form is counted before it is parsed (CWE-400, CWE-770).
 *
 * Defaults, for the forms and JSON bodies these endpoints take (configurable as `limits`):
 * - `body` 64 KiB. The largest body any endpoint takes is a passkey registration: about 1 KiB with
 *   "none" attestation (measured on test/runtime/webauthn's software authenticator), a few KiB with a
 *   certificate chain. A session update's `data` is the app's own, and a session cookie holds at most a few.
 * - `fields` 100. A sign-in form has two to five; a framework's form action adds a few of its own.
 * - `field` 16 KiB per value (and name), with tighter caps by name (FIELD_CAPS): a callback URL fits a cookie.
 * Over `body`: 413 (RFC 9110 §15.5.14); over `fields` or a field's cap: 400. Addresses have their own caps
 * in the one address rule (core/email/normalize.ts, RFC 5321).
 */
import { InputTooLarge } from "../errors.js";
import type { InputLimits } from "../types-limits.js";

export type BodyLimits = Required<InputLimits>;

/** One decoder for every body (it keeps no state between `decode` calls without `stream`). */
const utf8 = new TextDecoder();

export const DEFAULT_LIMITS: Readonly<BodyLimits> = { body: 64 * 1024, fields: 100, field: 16 * 1024 };

/**
 * Caps by field name, under the general one. A callback URL travels on in a cookie (4096 octets at most with
 * its name and attributes, RFC 6265 §6.1) and in a redirect; a CSRF token is 129 characters.
 */
const FIELD_CAPS: Readonly<Record<string, number>> = { callbackUrl: 2048, redirectTo: 2048, csrfToken: 256 };

/** The limits of a config: its own `limits` over the defaults; anything but a positive whole number is the default. */
export function bodyLimits(limits: InputLimits | undefined): BodyLimits {
  const pick = (value: number | undefined, fallback: number) =>
    Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : fallback;
  return {
    body: pick(limits?.body, DEFAULT_LIMITS.body),
    fields: pick(limits?.fields, DEFAULT_LIMITS.fields),
    field: pick(limits?.field, DEFAULT_LIMITS.field),
  };
}

/** The parsed fields of a body, and the names given more than once (see RequestInternal.repeated). */
export interface ParsedBody {
  body: Record<string, unknown>;
  repeated?: string[] | undefined;
}

/** The names that occur more than once, or undefined (the common case, found without a second pass). */
export function repeatedNames(
  entries: Iterable<[string, unknown]>,
  distinct: number,
  total: number,
): string[] | undefined {
  if (distinct === total) return undefined;
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [name] of entries) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated];
}

function tooLarge(limit: number): InputTooLarge {
  return new InputTooLarge("body", `The request body is larger than the limit of ${limit} bytes.`);
}

/**
 * The bytes of `stream`, refused once they pass `limit`: the reader stops at the first chunk that does, and
 * cancels the stream, so a client cannot make the server hold more than the limit and one chunk.
 */
export async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: a branch of a tee (a cloned Request) settles its cancel only once the other branch has.
      reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** RFC 9110 §8.6: a Content-Length over the limit is refused before a byte is read (a lying one is caught by the reader). */
export function assertDeclaredLength(headers: Headers, limit: number): void {
  const declared = headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw tooLarge(limit);
}

type BodyKind = "json" | "urlencoded" | "multipart";

function kindOf(headers: Headers): BodyKind | undefined {
  const contentType = headers.get("content-type")?.toLowerCase() ?? "";
  if (contentType.includes("application/json")) return "json";
  if (contentType.includes("application/x-www-form-urlencoded")) return "urlencoded";
  if (contentType.includes("multipart/form-data")) return "multipart";
  return undefined;
}

function assertFieldCount(count: number, limits: BodyLimits): void {
  if (count > limits.fields) {
    throw new InputTooLarge("fields", `The request has more than ${limits.fields} fields.`);
  }
}

/** A field's name and text value against the general cap and its own (FIELD_CAPS). */
function assertField(name: string, value: unknown, limits: BodyLimits): void {
  const cap = Math.min(limits.field, Object.hasOwn(FIELD_CAPS, name) ? FIELD_CAPS[name]! : limits.field);
  if (name.length > limits.field || (typeof value === "string" && value.length > cap)) {
    throw new InputTooLarge("field", `A field of the request is longer than ${cap} characters.`);
  }
}

/** `&` separates urlencoded fields: counted on the bytes, so a million of them are refused before any is decoded. */
function urlencodedFieldCount(bytes: Uint8Array): number {
  if (bytes.byteLength === 0) return 0;
  let count = 1;
  for (const byte of bytes) if (byte === 0x26) count++;
  return count;
}

type FormKind = Exclude<BodyKind, "json">;

/**
 * A form's fields, counted and capped (a urlencoded one counted before it is decoded), each handed to `each`
 * as it passes: the one pass a parsed body needs.
 */
async function formOf(
  bytes: Uint8Array<ArrayBuffer>,
  kind: FormKind,
  headers: Headers,
  limits: BodyLimits,
  each?: (name: string, value: FormDataEntryValue) => void,
): Promise<URLSearchParams | FormData> {
  if (kind === "urlencoded") assertFieldCount(urlencodedFieldCount(bytes), limits);
  const form =
    kind === "urlencoded"
      ? new URLSearchParams(utf8.decode(bytes))
      : await new Response(bytes, { headers: { "content-type": headers.get("content-type") ?? "" } }).formData();
  let total = 0;
  for (const [name, value] of form) {
    assertFieldCount(++total, limits);
    assertField(name, value, limits);
    each?.(name, value);
  }
  return form;
}

/** Parses bytes already read and bounded: JSON (an object), a urlencoded or a multipart form. */
async function parseBytes(
  bytes: Uint8Array<ArrayBuffer>,
  kind: BodyKind,
  headers: Headers,
  limits: BodyLimits,
): Promise<ParsedBody> {
  if (kind === "json") {
    const parsed: unknown = JSON.parse(utf8.decode(bytes));
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new SyntaxError("A JSON body must be an object.");
    }
    const entries = Object.entries(parsed);
    assertFieldCount(entries.length, limits);
    for (const [name, value] of entries) assertField(name, value, limits);
    return { body: parsed as Record<string, unknown> };
  }
  // The last value of a repeated name is the one kept, as Object.fromEntries keeps it; files are left out.
  const body: Record<string, unknown> = {};
  const names = new Set<string>();
  let total = 0;
  const form = await formOf(bytes, kind, headers, limits, (name, value) => {
    total++;
    names.add(name);
    if (typeof value === "string") body[name] = value;
  });
  return { body, repeated: repeatedNames(form, names.size, total) };
}

/** A body read under the limits: its bytes (to hand on, e.g. to `authorize`) and its fields. */
export interface ReadBody {
  bytes: Uint8Array<ArrayBuffer>;
  parsed: ParsedBody;
}

/**
 * Reads and parses `request`'s body once, under `limits`. Undefined when there is none or its type is not
 * one these endpoints take (JSON, a urlencoded or multipart form): such a body is never read. Throws
 * InputTooLarge for a body, a field count or a field over its limit, SyntaxError (or TypeError) for a body
 * that does not parse.
 */
export async function readRequestBody(request: Request, limits: BodyLimits): Promise<ReadBody | undefined> {
  assertDeclaredLength(request.headers, limits.body);
  const kind = kindOf(request.headers);
  if (!request.body || kind === undefined) return undefined;
  const bytes = await readLimited(request.body, limits.body);
  return { bytes, parsed: await parseBytes(bytes, kind, request.headers, limits) };
}

/**
 * A form action's form (SvelteKit's actions read `event.request` themselves): `request.formData()` under the
 * same limits, so a form posted to a page's action is bounded as one posted to the auth routes.
 */
export async function readFormData(request: Request, limits: BodyLimits): Promise<FormData> {
  assertDeclaredLength(request.headers, limits.body);
  const kind = kindOf(request.headers);
  if (!request.body || (kind !== "urlencoded" && kind !== "multipart")) return new FormData();
  const form = await formOf(await readLimited(request.body, limits.body), kind, request.headers, limits);
  if (form instanceof FormData) return form;
  const data = new FormData();
  for (const [name, value] of form) data.append(name, value);
  return data;
}

/**
 * Node's request stream (Express, the Pages Router) as a web body, pulled only as the reader asks: the core's
 * reader bounds it like any other. Cancelling stops pulling and leaves Node's request alone (destroying it
 * would take the socket the refusal is written to).
 */
export function webStream(source: AsyncIterable<unknown>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === "string" ? encoder.encode(value) : (value as Uint8Array));
    },
  });
}
