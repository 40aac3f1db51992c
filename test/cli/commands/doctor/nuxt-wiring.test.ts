/**
 * doctor's Nuxt wiring checks (frameworks/nuxt/doctor.ts) on the Nuxt 4 fixture after init: the route and the
 * Nitro plugin found doing their jobs, and each way the wiring breaks named with a fix that works as printed:
 * the route or the plugin deleted (init again, which writes only what is missing; the route's path quoted for
 * the shell), each emptied of its job, a renamed catch-all still taken as the route, and the composable gone.
 */
import { describe, expect, it } from "vitest";
import { initFixture, initInMemory } from "../../support.js";
import { byId, doctor } from "./support.js";

const FIXTURE = "nuxt-4";
const APPLY = ["--yes", "--no-install"];
const KEYS = { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };
const ROUTE = "server/routes/auth/[...].ts";
const PLUGIN = "server/plugins/auth.ts";

describe("doctor on a Nuxt 4 app set up by init", () => {
  it("finds the route and the plugin doing their jobs, and names each way the wiring can break", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const healthy = await doctor(project, {}, KEYS);
    expect(healthy.findings.filter((found) => found.level === "error")).toEqual([]);
    expect(healthy.ids).toEqual(expect.arrayContaining(["wiring.nuxt-route", "wiring.nuxt-plugin"]));

    const route = project.read(ROUTE);
    project.write(ROUTE, "export default defineEventHandler(() => 'not here');\n");
    const [handler] = byId(await doctor(project, {}, KEYS), "wiring.nuxt-route-handler");
    expect(handler?.fix).toContain("export default defineEventHandler(auth.handler);");

    project.remove(ROUTE);
    project.write("server/routes/auth/[...slug].ts", route);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.nuxt-route");
    project.remove("server/routes/auth/[...slug].ts");
    const [missing] = byId(await doctor(project, {}, KEYS), "wiring.nuxt-route-missing");
    expect(missing?.level).toBe("error");
    expect(missing?.fix).toContain("npx create-auth init --providers github --yes");
    project.write(ROUTE, route);

    const plugin = project.read(PLUGIN);
    project.write(PLUGIN, "export default defineNitroPlugin(() => {});\n");
    const [notInstalled] = byId(await doctor(project, {}, KEYS), "wiring.nuxt-plugin-not-installed");
    expect(notInstalled?.fix).toContain("export default defineNitroPlugin(auth.plugin);");
    project.remove(PLUGIN);
    const [pluginMissing] = byId(await doctor(project, {}, KEYS), "wiring.nuxt-plugin-missing");
    expect(pluginMissing?.message).toContain("useSession() finds no session while a page renders");
    project.write(PLUGIN, plugin);

    project.remove("app/composables/useSession.ts");
    const [composable] = byId(await doctor(project, {}, KEYS), "wiring.nuxt-app-file-missing");
    expect(composable?.file).toBe("app/composables/useSession.ts");
    // Eight doctor runs and an init in one story: more than the default 20 s on a loaded 2-core machine.
  }, 60_000);

  it("prints a fix that writes a deleted route again, as typed: init plans only what is missing", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    project.remove(ROUTE);
    const [missing] = byId(await doctor(project, {}, KEYS), "wiring.nuxt-route-missing");
    const command = /npx create-auth (init .*)$/.exec(missing?.fix ?? "")?.[1]?.split(" ") ?? [];
    expect(command[0]).toBe("init");
    const again = await initInMemory(project, [...command.slice(1), "--no-install"]);
    expect([again.status, again.stderr]).toEqual([0, ""]);
    expect(project.read(ROUTE)).toContain("defineEventHandler(auth.handler)");
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.nuxt-route");
  });
});
