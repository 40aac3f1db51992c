/**
 * The merge of `auth` into an existing Next.js proxy.ts / middleware.ts: the user's function keeps running,
 * their config is kept, a second run is "unchanged", and what cannot be wrapped safely is said, not guessed.
 */
import { describe, expect, it } from "vitest";
import { mergeAuthIntoProxy } from "../../../../src/cli/frameworks/next/proxy.js";

const HEADER_PROXY = `import { NextResponse, type NextRequest } from "next/server";

// Tag every response with the app's release, for support tickets.
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  response.headers.set("x-acme-release", "2026.11");
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
`;

function merged(source: string, exportName: "proxy" | "middleware" = "proxy"): string {
  const result = mergeAuthIntoProxy(source, { authImport: "@/auth", exportName });
  if (typeof result !== "string" || result === "unchanged") {
    throw new Error(`expected a merge, got ${JSON.stringify(result)}`);
  }
  return result;
}

describe("merging auth into an existing proxy / middleware", () => {
  it("wraps an exported proxy function, keeping its body, comments and matcher byte for byte", () => {
    expect(merged(HEADER_PROXY)).toBe(`import { auth } from "@/auth";
import { NextResponse, type NextRequest } from "next/server";

// Tag every response with the app's release, for support tickets.
function appProxy(request: NextRequest) {
  const response = NextResponse.next();
  response.headers.set("x-acme-release", "2026.11");
  return response;
}

// Signed-in state for every request this file handles (added by create-auth): \`request.auth\` is the session,
// and \`callbacks.authorized\` in the auth module can send signed-out visitors to the sign-in page.
export const proxy = auth((request) => appProxy(request));

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
`);
  });

  it("is unchanged on a second run", () => {
    expect(mergeAuthIntoProxy(merged(HEADER_PROXY), { authImport: "@/auth", exportName: "proxy" })).toBe("unchanged");
  });

  it("wraps a default-exported middleware taking (request, event), typing the event", () => {
    const result = merged(
      `export default async function middleware(request, event) {\n  event.waitUntil(Promise.resolve());\n}\n`,
      "middleware",
    );
    expect(result).toContain('import type { NextFetchEvent } from "next/server";');
    expect(result).toContain("async function appMiddleware(request, event) {");
    expect(result).toContain("export default auth((request, event: NextFetchEvent) => appMiddleware(request, event));");
    expect(result).not.toMatch(/export default async function/);
  });

  it("wraps an exported arrow function const", () => {
    const result = merged(`export const middleware = () => undefined;\n`, "middleware");
    expect(result).toContain("const appMiddleware = () => undefined;");
    expect(result).toContain("export const middleware = auth(() => appMiddleware());");
  });

  it("leaves a file it cannot wrap safely to the user, saying why", () => {
    expect(
      mergeAuthIntoProxy(`export default chain([a, b]);\n`, { authImport: "@/auth", exportName: "proxy" }),
    ).toEqual({ unsupported: "it has no exported proxy function or default function" });
  });
});
