/**
 * doctor's Astro wiring checks (frameworks/astro/doctor.ts) on the Astro 7 fixture after init: the auth routes'
 * file found serving /auth, and each way that wiring breaks named with a fix that, applied as printed, makes
 * doctor find it again: the file deleted (init again writes it), its GET or POST export gone, and the route
 * prerendered in an app whose output is static; and the middleware that sets `Astro.locals.session`, found
 * running `auth.middleware`, and named (with the file to write) once it is gone.
 */
import { describe, expect, it } from "vitest";
import { initFixture, initInMemory } from "../../support.js";
import { byId, doctor } from "./support.js";

const FIXTURE = "astro-7-node";
const ROUTE = "src/pages/auth/[...auth].ts";
const APPLY = ["--yes", "--no-install"];
const KEYS = { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };

describe("doctor on an Astro app set up by init", () => {
  it("finds the auth routes' file, and init as printed writes it again once it is gone", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const healthy = await doctor(project, {}, KEYS);
    expect(healthy.findings.filter((found) => found.level === "error")).toEqual([]);
    expect(healthy.ids).toContain("wiring.astro-route");

    const route = project.read(ROUTE);
    project.remove(ROUTE);
    const [missing] = byId(await doctor(project, {}, KEYS), "wiring.astro-route-missing");
    expect(missing?.level).toBe("error");
    const command = /npx create-auth (init .*)$/.exec(missing?.fix ?? "")?.[1];
    expect(command).toBe("init --providers github --yes");
    expect((await initInMemory(project, [...command!.split(" ").slice(1), "--no-install"])).status).toBe(0);
    expect(project.read(ROUTE)).toBe(route);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.astro-route");
  });

  it("names a missing GET or POST export, and the export line it prints puts both back", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const route = project.read(ROUTE);
    project.write(ROUTE, route.replace("export const { GET, POST } = auth;", "export const { GET } = auth;"));
    const [exports] = byId(await doctor(project, {}, KEYS), "wiring.astro-route-exports");
    expect(exports?.message).toContain("does not export POST");
    const line = /export const \{ GET, POST \} = auth;/.exec(exports?.fix ?? "")?.[0];
    expect(line).toBeDefined();
    project.write(ROUTE, project.read(ROUTE).replace("export const { GET } = auth;", line!));
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.astro-route");
  });

  it("in a static app, says the route is prerendered when it no longer opts out, and the printed line fixes it", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    project.write("astro.config.mjs", project.read("astro.config.mjs").replace('  output: "server",\n', ""));
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.astro-route");
    project.write(ROUTE, project.read(ROUTE).replace("export const prerender = false;\n", ""));
    const [prerendered] = byId(await doctor(project, {}, KEYS), "wiring.astro-route-prerendered");
    expect(prerendered?.level).toBe("error");
    const line = /export const prerender = false;/.exec(prerendered?.fix ?? "")?.[0];
    expect(line).toBeDefined();
    project.write(ROUTE, `${line}\n${project.read(ROUTE)}`);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.astro-route");
  });

  it("finds auth.middleware in the app's middleware, and the file it prints sets it up again once it is gone", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.astro-middleware");

    project.remove("src/middleware.ts");
    const [missing] = byId(await doctor(project, {}, KEYS), "wiring.astro-middleware-missing");
    expect(missing?.level).toBe("warning");
    expect(missing?.message).toContain("Astro.locals.session is undefined");
    const file = /create it with: (.*)$/.exec(missing?.fix ?? "")?.[1];
    expect(file).toBe('import { auth } from "./auth"; export const onRequest = auth.middleware;');
    project.write("src/middleware.ts", `${file!.replace("; ", ";\n")}\n`);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.astro-middleware");
  });
});
