/**
 * The framework targets `init` can plan for. Order matters: a meta-framework app may depend on express
 * too, so Express is matched last.
 */
import type { FrameworkId } from "../project/types.js";
import { expressTarget } from "./express/target.js";
import { nextTarget } from "./next/target.js";
import { qwikTarget } from "./qwik/target.js";
import { solidStartTarget } from "./solid-start/target.js";
import { sveltekitTarget } from "./sveltekit/target.js";
import type { Target } from "./types.js";

export const TARGETS: readonly Target[] = [nextTarget, solidStartTarget, sveltekitTarget, qwikTarget, expressTarget];

export const FRAMEWORK_NAMES: Record<FrameworkId, string> = {
  next: "Next.js",
  sveltekit: "SvelteKit",
  express: "Express",
  "solid-start": "SolidStart",
  qwik: "Qwik City",
};

export function findTarget(id: FrameworkId): Target | undefined {
  return TARGETS.find((t) => t.id === id);
}
