/**
 * React Router's facts (framework mode, on its own server `react-router-serve`): plain data (how it is
 * recognised, its env file, its starter's ignores, its runtime entries, where the auth endpoints live), light
 * enough for detection and `auth secret`. Its planning code is target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import { configNames } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

export const reactRouterFacts: FrameworkFacts = {
  id: "react-router",
  name: "React Router",
  supported: "React Router 7.9 or later in framework mode (@react-router/dev, react-router-serve)",
  // Framework mode is @react-router/dev's (its vite plugin, routes.ts, react-router.config.ts); an app that
  // only declares react-router uses it as a library, with no server routes to mount the auth routes on.
  packages: ["@react-router/dev"],
  files: [{ names: configNames("react-router.config") }],
  // Neither `react-router-serve` nor the built server reads .env: the auth module init writes loads it.
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // create-react-router's templates: dependencies, the typegen folder, the build.
  starterIgnores: [".DS_Store", "/node_modules/", "/.react-router/", "/build/"],
  /** The splat resource route init lists (`auth/*`), which is also the base path of every auth URL. */
  basePath: "/auth",
  /** `react-router dev` (Vite) serves on 5173; `react-router-serve` on 3000. */
  devOrigin: "http://localhost:5173",
  // The integration, and the React bindings (SessionProvider, useSession), which React Router apps render with.
  runtimeEntries: ["./react-router", "./react"],
};
