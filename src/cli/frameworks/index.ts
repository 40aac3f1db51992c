/**
 * THE list of frameworks: one line each, its id and the loaders of its facts (frameworks/<id>/facts.ts) and
 * of its target (frameworks/<id>/target.ts, planning code). Adding a framework is a folder beside this file
 * and one line here; `--framework`'s choices, detection, the supported list and `auth secret`'s env
 * conventions derive from it (test/cli/frameworks/registry.test.ts holds them to it). Nothing is loaded until
 * asked for: `--help` and `auth secret --raw` read the ids alone.
 *
 * Order is the order frameworks are recognised in: a meta-framework app may depend on express too, so
 * Express comes last (and React Router, whose custom servers run on Express or Hono, before both).
 */
import type { Framework, FrameworkFacts, Target } from "./types.js";

export interface RegistryLine {
  id: string;
  facts(): Promise<FrameworkFacts>;
  target(): Promise<Target>;
}

export const REGISTRY: readonly RegistryLine[] = [
  {
    id: "next",
    facts: async () => (await import("./next/facts.js")).nextFacts,
    target: async () => (await import("./next/target.js")).nextTarget,
  },
  {
    id: "solid-start",
    facts: async () => (await import("./solid-start/facts.js")).solidStartFacts,
    target: async () => (await import("./solid-start/target.js")).solidStartTarget,
  },
  {
    id: "sveltekit",
    facts: async () => (await import("./sveltekit/facts.js")).sveltekitFacts,
    target: async () => (await import("./sveltekit/target.js")).sveltekitTarget,
  },
  {
    id: "qwik",
    facts: async () => (await import("./qwik/facts.js")).qwikFacts,
    target: async () => (await import("./qwik/target.js")).qwikTarget,
  },
  {
    id: "nuxt",
    facts: async () => (await import("./nuxt/facts.js")).nuxtFacts,
    target: async () => (await import("./nuxt/target.js")).nuxtTarget,
  },
  {
    id: "astro",
    facts: async () => (await import("./astro/facts.js")).astroFacts,
    target: async () => (await import("./astro/target.js")).astroTarget,
  },
  {
    id: "react-router",
    facts: async () => (await import("./react-router/facts.js")).reactRouterFacts,
    target: async () => (await import("./react-router/target.js")).reactRouterTarget,
  },
  {
    id: "hono",
    facts: async () => (await import("./hono/facts.js")).honoFacts,
    target: async () => (await import("./hono/target.js")).honoTarget,
  },
  {
    id: "fastify",
    facts: async () => (await import("./fastify/facts.js")).fastifyFacts,
    target: async () => (await import("./fastify/target.js")).fastifyTarget,
  },
  {
    id: "express",
    facts: async () => (await import("./express/facts.js")).expressFacts,
    target: async () => (await import("./express/target.js")).expressTarget,
  },
];

export const FRAMEWORK_IDS: readonly string[] = REGISTRY.map((line) => line.id);

/** Every framework's facts, in recognition order, each with the loader of its target. */
export async function loadFrameworks(): Promise<Framework[]> {
  return Promise.all(REGISTRY.map(async (line) => ({ ...(await line.facts()), load: line.target })));
}

/** The framework's packages its target sets up: those it is recognised by, less those it refuses. */
export function hostPackages(facts: FrameworkFacts): string[] {
  return facts.packages.filter((name) => facts.refused?.[name] === undefined);
}

/** The first framework (in recognition order) a package.json's dependencies name, or null. */
export async function frameworkOf(dependencies: Readonly<Record<string, string>>): Promise<Framework | null> {
  const frameworks = await loadFrameworks();
  return frameworks.find((framework) => framework.packages.some((name) => dependencies[name] !== undefined)) ?? null;
}
