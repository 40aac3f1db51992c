/**
 * Where the React Router target's files and the app's own go (the app directory from the config, the
 * auth module, the resource route, routes.ts, the root route, the config), in the app's language: what
 * init writes and what doctor checks read, from one place.
 */
import { configNames } from "../../project/framework.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import type { AuthRoute } from "./routes-config.js";

/** Where init's files and the app's own go, in the app's language. */
export interface ReactRouterFiles {
  appDir: string;
  auth: string;
  route: string;
  /** The route as routes.ts lists it. */
  authRoute: AuthRoute;
  routes: string;
  root: string;
  config: string;
  /** How the route module and the root import the auth module. */
  routeImport: string;
  rootImport: string;
  typescript: boolean;
}

/** The first of `candidates` the app has, else the first. */
function existing(reader: ProjectReader, candidates: string[]): string {
  return candidates.find((file) => reader.exists(file)) ?? candidates[0]!;
}

/** The app directory the config names (`appDirectory: "src"`), else React Router's default, `app`. */
export function appDirectory(reader: ProjectReader): string {
  const config = configNames("react-router.config")
    .map((name) => reader.read(name))
    .find((text) => text !== null);
  return /\bappDirectory\s*:\s*["'`]([^"'`]+)["'`]/.exec(config ?? "")?.[1]?.replace(/^\.\/|\/$/g, "") ?? "app";
}

export function reactRouterFiles(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "language" | "framework">,
): ReactRouterFiles {
  const appDir = info.framework.routesDir.replace(/\/routes$/, "") || "app";
  const ts = info.language === "ts";
  const ext = ts ? "ts" : "js";
  const module = `routes/auth.$.${ext}`;
  return {
    appDir,
    auth: `${appDir}/auth.server.${ext}`,
    route: `${appDir}/${module}`,
    authRoute: { path: "auth/*", module },
    routes: existing(reader, [`${appDir}/routes.${ext}`, `${appDir}/routes.${ts ? "js" : "ts"}`]),
    root: existing(reader, [`${appDir}/root.${ext}x`, `${appDir}/root.${ts ? "jsx" : "tsx"}`]),
    config: configNames("react-router.config").find((file) => reader.exists(file)) ?? `react-router.config.${ext}`,
    routeImport: "../auth.server",
    rootImport: "./auth.server",
    typescript: ts,
  };
}
