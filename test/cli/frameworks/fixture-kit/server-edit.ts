/**
 * Fixture Kit's one edit of the app's own file, and its undo: `src/server.ts` answers the auth routes first,
 * by a line init puts at the top of its `fetch`. Pure transforms, as every framework's edits are.
 */
import type { TransformResult } from "../../../../src/cli/edit/result.js";

export const AUTH_IMPORT = 'import { handleAuth } from "./auth";\n';
export const AUTH_ROUTE = '  if (new URL(request.url).pathname.startsWith("/auth/")) return handleAuth(request);\n';
const FETCH = /^export (?:async )?function fetch\(request(?:: Request)?\)[^{]*\{\n/m;

export function routeAuth(source: string): TransformResult {
  if (source.includes(AUTH_ROUTE)) return "unchanged";
  const fetch = FETCH.exec(source);
  if (!fetch) return { unsupported: "src/server.ts exports no fetch(request) function to route /auth/ from" };
  const at = fetch.index + fetch[0].length;
  return AUTH_IMPORT + source.slice(0, at) + AUTH_ROUTE + source.slice(at);
}

export function unrouteAuth(source: string): TransformResult {
  if (!source.includes(AUTH_ROUTE) && !source.startsWith(AUTH_IMPORT)) return "unchanged";
  const withoutImport = source.startsWith(AUTH_IMPORT) ? source.slice(AUTH_IMPORT.length) : source;
  return withoutImport.replace(AUTH_ROUTE, "");
}
