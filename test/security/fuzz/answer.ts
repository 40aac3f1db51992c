/**
 * What every answer of the auth surface must be, whatever a client sent (issue 9, points 1 and 7): no server
 * fault, no internals in the body, and no redirect that a browser would follow off the app's origin. The
 * attack files and the property-based fuzz share these checks, so both hold the surface to one rule.
 * Sources: CWE-209 (error message containing sensitive information), the OWASP Error Handling cheat sheet
 * (no stack traces to clients), RFC 9700 §4.11 and the OWASP Unvalidated Redirects cheat sheet.
 */
import { Auth } from "../../../src/runtime/index.js";
import type { AuthConfig } from "../../../src/runtime/types.js";

/** Traces of internals: a V8 stack frame, a source path or position, an engine error name. */
const LEAK =
  /\n\s+at |\bat (?:async )?[\w$.<>[\]]+ \(|file:\/\/|node_modules|\/src\/runtime\/|\.[cm]?[jt]sx?:\d+|\b(?:Type|Syntax|Range|Reference|URI|Aggregate)Error\b/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

export interface AnswerRules {
  /** Origins a browser may be sent to: the app's, plus the authorization endpoints of its providers. */
  allowedOrigins: readonly string[];
}

export interface Answer {
  response?: Response;
  /** What `Auth` threw or rejected with, if it did: a fault in itself. */
  thrown?: unknown;
  body: string;
  /** Everything the client sent (URL, headers, body; raw and percent-decoded): a page may echo it, escaped. */
  sent: string;
}

/** Runs the request through the real `Auth`, keeping a rejection as a value rather than failing there. */
export async function answer(request: Request, config: AuthConfig): Promise<Answer> {
  const raw = `${request.url}\n${[...request.headers].join("\n")}\n${request.body ? await request.clone().text() : ""}`;
  const sent = `${raw}\n${decoded(raw)}`;
  try {
    const response = await Auth(request, config);
    return { response, body: await response.text(), sent };
  } catch (thrown) {
    return { thrown, body: "", sent };
  }
}

/**
 * The error page for `?error=Configuration` answers 500 by design (AUTHJS-FACTS §1: the status says what
 * kind of failure the page reports): that page is where a refused request is sent, not a fault of its own.
 */
function isConfigurationErrorPage(request: Request): boolean {
  const url = new URL(request.url);
  return (
    request.method === "GET" &&
    url.pathname.endsWith("/error") &&
    url.searchParams.getAll("error").at(-1) === "Configuration"
  );
}

/** Where a browser goes for this answer: the `Location` (resolved as a browser does) or the JSON `{url}`. */
export function destination(request: Request, response: Response, body: string): URL | undefined {
  const location = response.headers.get("location");
  if (location !== null) return new URL(location, request.url);
  if (request.headers.has("x-auth-return-redirect") && response.headers.get("content-type")?.includes("json")) {
    try {
      const parsed = JSON.parse(body) as { url?: unknown } | null;
      if (parsed && typeof parsed === "object" && typeof parsed.url === "string")
        return new URL(parsed.url, request.url);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Every rule this answer breaks, in words (empty when it holds): the assertion of every attack case. */
export function faults(request: Request, result: Answer, rules: AnswerRules): string[] {
  const found: string[] = [];
  if (result.thrown !== undefined || !result.response) {
    return [`Auth threw: ${result.thrown instanceof Error ? result.thrown.stack : String(result.thrown)}`];
  }
  const { response, body } = result;
  if (response.status >= 500 && !isConfigurationErrorPage(request)) {
    found.push(`answered ${response.status} (a server fault) with ${JSON.stringify(body.slice(0, 200))}`);
  }
  // A trace the client itself sent (an echoed callbackUrl holding `file://`) is its own text, not a leak.
  const leak = [...body.matchAll(LEAK)].find(([text]) => !result.sent.includes(text));
  if (leak) found.push(`the body shows internals (${JSON.stringify(leak[0])}): ${JSON.stringify(body.slice(0, 300))}`);
  let target: URL | undefined;
  try {
    target = destination(request, response, body);
  } catch {
    found.push(`the redirect ${JSON.stringify(response.headers.get("location"))} is not a URL a browser can follow`);
  }
  if (target && !rules.allowedOrigins.includes(target.origin)) {
    found.push(`sends the browser off the origin, to ${target.href}`);
  }
  return found;
}

/** Sends the request and returns the answer with the rules it breaks. */
export async function attack(
  request: Request,
  config: AuthConfig,
  rules: AnswerRules,
): Promise<Answer & { faults: string[] }> {
  const result = await answer(request, config);
  return { ...result, faults: faults(request, result, rules) };
}
