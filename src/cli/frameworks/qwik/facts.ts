/**
 * Qwik City's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime
 * entries, where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import { VITE_CONFIGS } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

const QWIK_CITY = "@builder.io/qwik-city";
/** Qwik 2's router: recognised, so its projects hear why they are refused rather than "no framework found". */
const QWIK_ROUTER_2 = "@qwik.dev/router";
export const qwikFacts: FrameworkFacts = {
  id: "qwik",
  name: "Qwik City",
  supported: "Qwik City 1",
  packages: [QWIK_CITY, QWIK_ROUTER_2],
  refused: {
    [QWIK_ROUTER_2]: `This is a Qwik 2 project (${QWIK_ROUTER_2}); create-auth supports Qwik City 1 (${QWIK_CITY}) for now.`,
  },
  files: [{ names: VITE_CONFIGS, pattern: /\bqwik(City|Router)\s*\(/ }],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // create-qwik's: the client, library and server builds, dependencies, caches and logs.
  starterIgnores: [
    "/dist",
    "/lib",
    "/lib-types",
    "/server",
    "node_modules",
    "*.local",
    ".cache",
    ".mf",
    ".rollup.cache",
    "tsconfig.tsbuildinfo",
    "*.log",
    ".DS_Store",
  ],
  basePath: "/auth",
  /** Where `vite` serves a Qwik City app in development. */
  devOrigin: "http://localhost:5173",
  runtimeEntries: ["./qwik"],
};
