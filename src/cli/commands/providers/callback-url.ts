/**
 * The callback URL a user registers with an OAuth provider, exactly as this app serves it in development:
 * the dev server's origin (with the port the app's own dev script sets, `--port 4000`, `-p 4000` or
 * `PORT=4000`), the app's own base path where its framework has one (Target.appBasePath: SvelteKit's
 * `kit.paths.base`), then the target's auth base path.
 * Reads files through the reader, writes nothing.
 */

import type { Target } from "../../frameworks/types.js";
import type { ProjectReader } from "../../project/reader.js";
import type { PackageJson } from "../../project/types.js";

/** The port a script sets for its server, or null: `--port 4000`, `--port=4000`, `-p 4000`, `PORT=4000`. */
export function scriptPort(script: string | undefined): number | null {
  if (!script) return null;
  const match = /(?:^|\s)(?:--port[= ]|-p[= ]?)(\d{2,5})\b|\bPORT=(\d{2,5})\b/.exec(script);
  return match ? Number(match[1] ?? match[2]) : null;
}

/** The scripts that start the app in development, in the order the targets' next steps prefer them. */
const DEV_SCRIPTS = ["dev", "start"];

/** The origin the app's dev server listens on: the target's, with the port its dev script sets. */
export function devOrigin(target: Pick<Target, "devOrigin">, pkg: PackageJson): string {
  // The script the app is developed with (`start` only where there is no `dev`: `next start -p` is production).
  const script = DEV_SCRIPTS.find((name) => pkg.scripts?.[name] !== undefined);
  const port = script ? scriptPort(pkg.scripts?.[script]) : null;
  if (!port) return target.devOrigin;
  const url = new URL(target.devOrigin);
  url.port = String(port);
  return url.origin;
}

/** Where the auth endpoints answer in development: `http://localhost:5173/docs/auth`. */
export function authBaseUrl(
  target: Pick<Target, "devOrigin" | "basePath" | "appBasePath">,
  reader: ProjectReader,
  pkg: PackageJson,
): string {
  return `${devOrigin(target, pkg)}${target.appBasePath?.(reader) ?? ""}${target.basePath}`;
}

export function providerCallbackUrl(authBase: string, providerId: string): string {
  return `${authBase}/callback/${providerId}`;
}
