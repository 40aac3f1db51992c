/**
 * doctor's Fastify wiring checks (frameworks/fastify/doctor.ts) on the fastify-cli fixture after init: the
 * autoloaded plugin found registering FastifyAuth, and each way the wiring breaks named with its fix: the
 * plugin deleted, its registration taken out, the plugins folder no longer autoloaded, and an app whose own
 * module registers the plugin by hand (no autoloader) found as wired, or as not wired when none does; on a plain
 * app, the registration (and its imports) taken out, with the fix naming the app's own instance.
 */
import { describe, expect, it } from "vitest";
import { initFixture, initInMemory } from "../../support.js";
import { byId, doctor } from "./support.js";

const FIXTURE = "fastify-5-cli";
const APPLY = ["--yes", "--no-install"];
const KEYS = { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };

describe("doctor on a fastify-cli app set up by init", () => {
  it("finds the plugin registered and autoloaded, and names each way the wiring can break", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const healthy = await doctor(project, {}, KEYS);
    expect(healthy.findings.filter((found) => found.level === "error")).toEqual([]);
    expect(healthy.ids).toContain("wiring.fastify");

    const plugin = project.read("src/plugins/auth.ts");
    project.write("src/plugins/auth.ts", 'import fp from "fastify-plugin";\n\nexport default fp(async () => {});\n');
    const [unregistered] = byId(await doctor(project, {}, KEYS), "wiring.fastify-not-registered");
    expect(unregistered?.fix).toContain('fastify.register(FastifyAuth(authConfig), { prefix: "/auth" })');

    project.remove("src/plugins/auth.ts");
    const [missing] = byId(await doctor(project, {}, KEYS), "wiring.fastify-plugin-missing");
    expect(missing?.level).toBe("error");
    expect(missing?.fix).toContain("npx create-auth init --providers github");
    project.write("src/plugins/auth.ts", plugin);

    const app = project.read("src/app.ts");
    project.write("src/app.ts", app.replace("dir: join(__dirname, 'plugins'),", "dir: join(__dirname, 'support'),"));
    const [stranded] = byId(await doctor(project, {}, KEYS), "wiring.fastify-not-autoloaded");
    expect(stranded?.message).toContain("src/plugins/auth.ts is never loaded");
  });

  it("takes a registration the app wrote itself, without the autoloader, and says when there is none", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const app = project
      .read("src/app.ts")
      .replace("dir: join(__dirname, 'plugins'),", "dir: join(__dirname, 'support'),");
    project.remove("src/plugins/auth.ts");
    project.write(
      "src/app.ts",
      app.replace(
        "import AutoLoad",
        'import { FastifyAuth } from "@create-auth/runtime/fastify";\nimport { authConfig } from "./auth.js";\nimport AutoLoad',
      ),
    );
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.fastify");
    project.write("src/app.ts", app);
    const [none] = byId(await doctor(project, {}, KEYS), "wiring.fastify-not-registered");
    expect(none?.message).toContain("No module beside src/app.ts registers FastifyAuth");
  });

  it("on a plain app, finds the registration init made, and names its removal with a fix that puts it back", async () => {
    const { project } = await initFixture("fastify-5-plain", ["--providers", "github", ...APPLY]);
    expect((await doctor(project, {}, KEYS)).ids).toContain("wiring.fastify");
    const server = project.read("src/server.ts");
    // The registration (its comment and its call) taken out; the imports stay.
    const register = /\n\/\/ Auth routes under \/auth[^\n]*\nawait app\.register\([^\n]*\n/;
    expect(server).toMatch(register);
    project.write("src/server.ts", server.replace(register, ""));
    const [unmounted] = byId(await doctor(project, {}, KEYS), "wiring.fastify-not-mounted");
    expect(unmounted?.fix).toContain("npx create-auth init --providers github --yes");
    // The fix as printed: init again registers it where it was.
    const again = await initInMemory(project, ["--providers", "github", ...APPLY]);
    expect(again.status).toBe(0);
    expect(project.read("src/server.ts")).toBe(server);
  }, 60_000);

  it("on a plain app with neither the imports nor the registration, the fix names its instance and puts both back", async () => {
    const { project } = await initFixture("fastify-5-plain", ["--providers", "github", ...APPLY]);
    const server = project.read("src/server.ts");
    const imports =
      /^import \{ FastifyAuth \} from '@create-auth\/runtime\/fastify'\nimport \{ authConfig \} from '\.\/auth\.js'\n/m;
    const register = /\n\/\/ Auth routes under \/auth[^\n]*\nawait app\.register\([^\n]*\n/;
    expect(server).toMatch(imports);
    expect(server).toMatch(register);
    project.write("src/server.ts", server.replace(imports, "").replace(register, ""));
    const [none] = byId(await doctor(project, {}, KEYS), "wiring.fastify-not-registered");
    expect(none?.fix).toContain("npx create-auth init --providers github --yes");
    expect(none?.fix).toContain('await app.register(FastifyAuth(authConfig), { prefix: "/auth" })');
    expect(none?.fix).not.toContain("fastify.register");
    // The fix as printed: init again writes the imports and the registration where they were.
    const again = await initInMemory(project, ["--providers", "github", ...APPLY]);
    expect(again.status).toBe(0);
    expect(project.read("src/server.ts")).toBe(server);
  }, 60_000);
});
