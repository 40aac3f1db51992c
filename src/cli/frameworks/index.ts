/**
 * THE list of frameworks: each one's facts (frameworks/<id>/facts.ts) with the loader of its target
 * (frameworks/<id>/target.ts, planning code loaded only when a command plans). Adding a framework is a
 * folder beside this file and one line here; `--framework`'s choices, detection, the supported list and
 * `auth secret`'s env conventions derive from it (test/cli/frameworks/registry.test.ts holds them to it).
 *
 * Order is the order frameworks are recognised in: a meta-framework app may depend on express too, so
 * Express comes last.
 */
import { expressFacts } from "./express/facts.js";
import { nextFacts } from "./next/facts.js";
import { qwikFacts } from "./qwik/facts.js";
import { solidStartFacts } from "./solid-start/facts.js";
import { sveltekitFacts } from "./sveltekit/facts.js";
import type { Framework, FrameworkFacts, Target } from "./types.js";

export const FRAMEWORKS: readonly Framework[] = [
  { ...nextFacts, load: async () => (await import("./next/target.js")).nextTarget },
  { ...solidStartFacts, load: async () => (await import("./solid-start/target.js")).solidStartTarget },
  { ...sveltekitFacts, load: async () => (await import("./sveltekit/target.js")).sveltekitTarget },
  { ...qwikFacts, load: async () => (await import("./qwik/target.js")).qwikTarget },
  { ...expressFacts, load: async () => (await import("./express/target.js")).expressTarget },
];

export const FRAMEWORK_IDS: readonly string[] = FRAMEWORKS.map((framework) => framework.id);

export function findFramework(id: string): Framework | undefined {
  return FRAMEWORKS.find((framework) => framework.id === id);
}

/** The framework's packages its target sets up: those it is recognised by, less those it refuses. */
export function hostPackages(facts: FrameworkFacts): string[] {
  return facts.packages.filter((name) => facts.refused?.[name] === undefined);
}

/** The first framework (in recognition order) a package.json's dependencies name, or null. */
export function frameworkOf(dependencies: Readonly<Record<string, string>>): Framework | null {
  return FRAMEWORKS.find((framework) => framework.packages.some((name) => dependencies[name] !== undefined)) ?? null;
}

/** Every target, loaded: for what must consider each framework (tests, the docs' tables). */
export function loadTargets(): Promise<Target[]> {
  return Promise.all(FRAMEWORKS.map((framework) => framework.load()));
}
