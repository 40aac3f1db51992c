/**
 * doctor's Hono wiring check (src/cli/frameworks/hono/doctor.ts) on the initialised hono-4-node fixture: the
 * handler mounted on the app is ok; once the mount line is gone, an error whose fix is the line to put back;
 * a catch-all route added before the mount, a warning.
 */
import { describe, expect, it } from "vitest";
import { initFixture } from "../../support.js";
import { byId, doctor } from "./support.js";

const MOUNT = 'app.on(["GET", "POST"], "/auth/*", auth.handler);';

describe("doctor on an initialised Hono app", () => {
  it("finds the handler mounted, and says how to mount it once it is gone", async () => {
    const { project } = await initFixture("hono-4-node", ["--providers", "github", "--yes", "--no-install"]);
    const keys = { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };
    const checked = await doctor(project, {}, keys);
    expect(checked.findings.filter((found) => found.level === "error")).toEqual([]);
    expect(byId(checked, "wiring.hono")).toEqual([expect.objectContaining({ level: "ok", file: "src/index.ts" })]);

    project.write("src/index.ts", project.read("src/index.ts").replace(MOUNT, ""));
    const unmounted = await doctor(project, {}, keys);
    expect(unmounted.status).not.toBe(0);
    expect(byId(unmounted, "wiring.hono-not-mounted")).toEqual([
      expect.objectContaining({
        level: "error",
        file: "src/index.ts",
        fix: expect.stringContaining(MOUNT.replace(";", "")),
      }),
    ]);
  });

  it("warns when a catch-all route added before the handler answers the auth paths first", async () => {
    const { project } = await initFixture("hono-4-node", ["--providers", "github", "--yes", "--no-install"]);
    const catchAll = 'app.get("*", (c) => c.text("the single-page app"));';
    project.write("src/index.ts", project.read("src/index.ts").replace(MOUNT, `${catchAll}\n${MOUNT}`));
    const run = await doctor(project, {}, { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" });
    expect(run.ids).not.toContain("wiring.hono");
    expect(byId(run, "wiring.hono-shadowed")).toEqual([
      expect.objectContaining({
        level: "warning",
        message: expect.stringContaining('registers app.get("*", …) before the auth handler'),
        fix: `move ${MOUNT.replace(";", "")} above it`,
      }),
    ]);
  });
});
