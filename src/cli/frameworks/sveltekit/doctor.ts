/**
 * SvelteKit wiring, judged by what the SvelteKit target writes: `src/hooks.server` runs the auth module's
 * `handle` (hooks.ts: the merge that would add it changes nothing).
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import type { WiringSetup } from "../types.js";
import { mergeAuthHandle } from "./hooks.js";

export function checkSvelteKitHooks(setup: WiringSetup): Finding[] {
  const { reader, authPath } = setup;
  const hooks = ["src/hooks.server.ts", "src/hooks.server.js"].find((file) => reader.read(file) !== null);
  const merged = hooks ? mergeAuthHandle(reader.read(hooks)!, "./auth") : null;
  if (merged === "unchanged") return [ok("wiring.hooks", `${hooks} runs the auth handle.`, hooks)];
  // A hooks file the merge cannot read safely is the user's own arrangement: nothing sure to say.
  if (merged !== null && typeof merged === "object") return [];
  return [
    finding(
      "error",
      "wiring.hooks-missing-handle",
      `${hooks ?? "src/hooks.server.ts"} ${hooks ? "does not run" : "does not exist, so nothing runs"} the handle exported by ${authPath}: event.locals.auth() is undefined in every route and /auth answers 404.`,
      hooks
        ? `put it first in the app's handle: export const handle = sequence(authHandle, yourHandle), with import { handle as authHandle } from "./auth"`
        : `create it with: export { handle } from "./auth";`,
      hooks ?? authPath,
    ),
  ];
}
