/**
 * The framework targets `init` can plan for, and the frameworks we recognise but do not support yet
 * (so a SvelteKit project gets "not yet" rather than "no framework found").
 */
import { expressTarget } from "./express.js";
import { nextTarget } from "./next.js";
import { qwikTarget } from "./qwik.js";
import { solidStartTarget } from "./solid-start.js";
import { sveltekitTarget } from "./sveltekit.js";
import type { FrameworkId, Target } from "./types.js";

export const TARGETS: readonly Target[] = [nextTarget, solidStartTarget, sveltekitTarget, qwikTarget, expressTarget];

export const FRAMEWORK_NAMES: Record<FrameworkId, string> = {
  next: "Next.js",
  sveltekit: "SvelteKit",
  express: "Express",
  "solid-start": "SolidStart",
  qwik: "Qwik City",
};

/** Packages that identify frameworks of later versions; order matters (meta-frameworks before Express). */
export const RECOGNISED_ONLY: readonly { id: FrameworkId; packages: string[] }[] = [];

export function findTarget(id: FrameworkId): Target | undefined {
  return TARGETS.find((t) => t.id === id);
}
