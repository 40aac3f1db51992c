/** Fixture Kit's doctor check: the app's server routes /auth/ to the auth module. */
import { type Finding, finding, ok } from "../../../../src/cli/checks/finding.js";
import type { WiringSetup } from "../../../../src/cli/frameworks/types.js";
import { AUTH_ROUTE } from "./server-edit.js";

export function checkServerRoutesAuth(setup: WiringSetup): Finding[] {
  const server = setup.reader.read("src/server.ts");
  if (server?.includes(AUTH_ROUTE))
    return [ok("wiring.fixture-kit-route", "src/server.ts routes /auth/ to the auth module.", "src/server.ts")];
  return [
    finding(
      "error",
      "wiring.fixture-kit-route-missing",
      "src/server.ts does not route /auth/ to the auth module: sign-in answers 404.",
      'put `if (new URL(request.url).pathname.startsWith("/auth/")) return handleAuth(request);` first in fetch',
      "src/server.ts",
    ),
  ];
}
