// `auth remove` on real Express apps (express-5-ts, built with tsc; express-4-js, CommonJS): the built CLI's init, a route the owner adds that uses
// nothing of auth, then remove (run in this process through runRemove: the command is still in LATER for
// the built CLI), then the app's own npm install, npm run build (tsc) and npm start. It builds and serves
// its pages as before auth was added, with the owner's route, and /auth/* is gone. Nothing is mocked.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyPlan } from "../../src/cli/apply/apply.js";
import { runRemove } from "../../src/cli/commands/remove.js";
import type { Host } from "../../src/cli/host.js";
import { createOutput } from "../../src/cli/output.js";
import { diskReader } from "../../src/cli/plan/reader.js";
import { loadRuntimeSource } from "../../src/cli/runtime-package/source.js";
import { prepareExpressApp, startExpressApp } from "../support/express-app.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const CASES = [
  {
    fixture: "express-5-ts" as const,
    appFile: "src/app.ts",
    route: 'app.get("/team", (_req: Request, res: Response) => {\n  res.send("the team");\n});\n',
  },
  {
    fixture: "express-4-js" as const,
    appFile: "app.js",
    route: 'app.get("/team", function (req, res) {\n  res.send("the team");\n});\n',
  },
];

describe.each(CASES)("$fixture after init, then remove", ({ fixture, appFile, route }) => {
  let server: RunningServer | undefined;
  let url = "";
  let dir = "";
  let removeOutput = "";

  async function removeAuth(dir: string): Promise<void> {
    writeFileSync(path.join(dir, appFile), readFileSync(path.join(dir, appFile), "utf8") + route);
    const host: Host = {
      cwd: dir,
      env: {},
      terminal: false,
      stdout: (text) => {
        removeOutput += text;
      },
      stderr: (text) => {
        removeOutput += text;
      },
      reader: diskReader,
      apply: applyPlan,
      install: () => Promise.reject(new Error("the set-up installs next")),
      runtime: () => loadRuntimeSource(path.join(repoRoot, "dist/runtime/")),
    };
    await runRemove(dir, { yes: true, install: false }, createOutput(false, host.stdout), host);
  }

  beforeAll(async () => {
    const prepared = await prepareExpressApp(fixture, {
      oidc: { clientId: "", clientSecret: "", issuer: "" },
      providers: ["credentials"],
      edits: removeAuth,
    });
    dir = prepared.dir;
    const port = await freePort();
    server = await startExpressApp(dir, port);
    url = `http://127.0.0.1:${port}`;
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("builds, starts and serves its own pages and the owner's route; the auth routes are gone", async () => {
    expect(removeOutput).toContain("Deleted");
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Acme Notes");
    const team = await fetch(`${url}/team`);
    expect(await team.text()).toBe("the team");
    expect((await fetch(`${url}/auth/session`)).status).toBe(404);
    expect((await fetch(`${url}/notes`)).status).toBe(200);
  });
});
