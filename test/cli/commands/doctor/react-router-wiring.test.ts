/**
 * doctor's React Router wiring checks (src/cli/frameworks/react-router/doctor.ts) on the initialised
 * react-router-7 fixture: the route listed and the middleware run is ok; then each way the wiring breaks,
 * named with its fix, and the fix applied as printed making doctor content again: the route unlisted from
 * routes.ts, the root's auth.middleware gone, the future flag off, the route's exports changed, the route gone.
 */
import { describe, expect, it } from "vitest";
import { initFixture } from "../../support.js";
import { byId, doctor } from "./support.js";

const KEYS = { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };
const ENTRY = 'route("auth/*", "routes/auth.$.ts"),';

/** The code a fix prints between its first verb and the next word of prose: `add <code> to …`. */
function codeIn(fix: string | undefined, pattern: RegExp): string {
  const code = pattern.exec(fix ?? "")?.[1];
  if (!code) throw new Error(`no code in the fix: ${fix}`);
  return code;
}

describe("doctor on a React Router app set up by init", () => {
  it("finds the route listed and the middleware run, and each break with a fix that works as printed", async () => {
    const { project } = await initFixture("react-router-7", ["--providers", "github", "--yes", "--no-install"]);
    const healthy = await doctor(project, {}, KEYS);
    expect(healthy.findings.filter((found) => found.level === "error" || found.level === "warning")).toEqual([]);
    expect(byId(healthy, "wiring.react-router")).toEqual([expect.objectContaining({ level: "ok" })]);

    const routes = project.read("app/routes.ts");
    project.write("app/routes.ts", routes.replace(/ {2}\/\/ The auth routes[^\n]*\n {2}route\("auth[^\n]*\n/, ""));
    const [unlisted] = byId(await doctor(project, {}, KEYS), "wiring.react-router-route-unlisted");
    expect(unlisted?.level).toBe("error");
    const entry = codeIn(unlisted?.fix, /^add (.+\)) to the routes/);
    project.write(
      "app/routes.ts",
      project.read("app/routes.ts").replace("export default [", `export default [${entry}, `),
    );
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.react-router");

    const root = project.read("app/root.tsx");
    project.write("app/root.tsx", root.replace("[auth.middleware, ", "["));
    const [middleware] = byId(await doctor(project, {}, KEYS), "wiring.react-router-middleware");
    expect(middleware?.level).toBe("warning");
    expect(middleware?.fix).toContain("export const middleware = [auth.middleware];");
    project.write("app/root.tsx", root);

    const config = project.read("react-router.config.ts");
    project.write("react-router.config.ts", config.replace("v8_middleware: true", "v8_middleware: false"));
    const [off] = byId(await doctor(project, {}, KEYS), "wiring.react-router-middleware-off");
    expect(off?.fix).toBe("set future: { v8_middleware: true } in the default export of react-router.config.ts");
    project.write("react-router.config.ts", config);

    const route = project.read("app/routes/auth.$.ts");
    project.write("app/routes/auth.$.ts", route.replace("export const action = auth.action;\n", ""));
    const [exportsMissing] = byId(await doctor(project, {}, KEYS), "wiring.react-router-route-exports");
    const exportLines = codeIn(exportsMissing?.fix, /^export them again, one per line: (export const loader = .*;) \(/);
    project.write(
      "app/routes/auth.$.ts",
      route.replace(/export const loader[\s\S]*$/, `${exportLines.replace("; export", ";\nexport")}\n`),
    );
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.react-router");

    project.remove("app/routes/auth.$.ts");
    const [missing] = byId(await doctor(project, {}, KEYS), "wiring.react-router-route-missing");
    expect(missing?.level).toBe("error");
    expect(missing?.fix).toContain("npx create-auth init --providers github");
  });

  it("takes routes served by the file convention (flatRoutes) as listed", async () => {
    const { project } = await initFixture("react-router-7", ["--providers", "github", "--yes", "--no-install"]);
    project.write(
      "app/routes.ts",
      [
        'import { type RouteConfig } from "@react-router/dev/routes";',
        'import { flatRoutes } from "@react-router/fs-routes";',
        "",
        "export default flatRoutes() satisfies RouteConfig;",
        "",
      ].join("\n"),
    );
    expect(project.read("app/routes.ts")).not.toContain(ENTRY);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.react-router");
  });
});
