/**
 * Next.js's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime
 * entries, where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { configNames } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

export const nextFacts: FrameworkFacts = {
  id: "next",
  name: "Next.js",
  supported: "Next.js 15–16 (App Router, Pages Router)",
  packages: ["next"],
  files: [{ names: configNames("next.config") }],
  // Next loads .env*.local files and create-next-app ignores exactly this pattern.
  envFile: ".env.local",
  envIgnorePattern: ".env*.local",
  // create-next-app's: dependencies, the build and export output, Vercel's folder, TypeScript's build info.
  starterIgnores: [
    "/node_modules",
    "/.next/",
    "/out/",
    "/build",
    "/coverage",
    ".DS_Store",
    "*.pem",
    "npm-debug.log*",
    "yarn-debug.log*",
    "yarn-error.log*",
    ".pnpm-debug.log*",
    ".vercel",
    "*.tsbuildinfo",
    "next-env.d.ts",
  ],
  basePath: "/api/auth",
  devOrigin: "http://localhost:3000",
  // Next apps use React's client helpers.
  runtimeEntries: ["./next", "./react"],
};
