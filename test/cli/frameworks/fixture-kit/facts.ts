/**
 * A framework that exists only in this test folder, "Fixture Kit": a web-standard server whose
 * `src/server.ts` answers requests with a `fetch(request)` function. Its facts are what a real framework's
 * facts.ts holds (src/cli/frameworks/<id>/facts.ts); docs/contributing-a-framework.md walks through them.
 */
import type { FrameworkFacts } from "../../../../src/cli/frameworks/types.js";

export const fixtureKitFacts: FrameworkFacts = {
  id: "fixture-kit",
  name: "Fixture Kit",
  supported: "Fixture Kit 1",
  packages: ["fixture-kit"],
  files: [{ names: ["fixture.config.js"] }],
  envFile: ".env",
  envIgnorePattern: ".env",
  starterIgnores: ["node_modules", "dist"],
  basePath: "/auth",
  devOrigin: "http://localhost:4000",
  // The core alone: its apps call Auth(request, config) from the runtime's main entry.
  runtimeEntries: [],
};
