// `auth remove` on real apps: the built CLI's init, a change the owner makes afterwards that uses nothing of
// auth, then remove (run in this process through runRemove, as the program calls it), then the app's own
// install, build and start. Express 5 (TypeScript, built with tsc), Express 4 (CommonJS) and SvelteKit 2 (its hooks and root layout edited by init) build and serve their pages as
// before auth was added, with the owner's change, and the auth routes are gone. Nothing is mocked.
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
import { prepareSvelteKitApp, startSvelteKitApp } from "../support/sveltekit-app.mjs";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const NO_OIDC = { clientId: "", clientSecret: "", issuer: "" };

/** Appends the owner's change to `file`, then runs remove on the app as `auth remove --yes --no-install` would. */
async function editThenRemove(dir: string, file: string, addition: string): Promise<string> {
  writeFileSync(path.join(dir, file), readFileSync(path.join(dir, file), "utf8") + addition);
  let output = "";
  const host: Host = {
    cwd: dir,
    env: {},
    terminal: false,
    stdout: (text) => {
      output += text;
    },
    stderr: (text) => {
      output += text;
    },
    reader: diskReader,
    apply: applyPlan,
    install: () => Promise.reject(new Error("the set-up installs next")),
    runtime: () => loadRuntimeSource(path.join(repoRoot, "dist/runtime/")),
  };
  await runRemove(dir, { yes: true, install: false }, createOutput(false, host.stdout), host);
  return output;
}

interface Started {
  url: string;
  dir: string;
  removeOutput: string;
  server?: RunningServer;
}

/** Prepares (init, the owner's change, remove, install, build) and starts the app; stops it and removes its folder after. */
function startedAfterRemove(
  prepare: (edits: (dir: string) => Promise<void>) => Promise<{ dir: string }>,
  change: { file: string; addition: string },
  start: (dir: string, port: number) => Promise<RunningServer>,
): Started {
  const app: Started = { url: "", dir: "", removeOutput: "" };
  beforeAll(async () => {
    const prepared = await prepare(async (dir) => {
      app.removeOutput = await editThenRemove(dir, change.file, change.addition);
    });
    app.dir = prepared.dir;
    const port = await freePort();
    app.server = await start(app.dir, port);
    app.url = `http://127.0.0.1:${port}`;
  }, 300_000);
  afterAll(async () => {
    await app.server?.stop();
    if (app.dir) rmSync(app.dir, { recursive: true, force: true });
  });
  return app;
}

const EXPRESS = [
  {
    fixture: "express-5-ts" as const,
    file: "src/app.ts",
    addition: 'app.get("/team", (_req: Request, res: Response) => {\n  res.send("the team");\n});\n',
  },
  {
    fixture: "express-4-js" as const,
    file: "app.js",
    addition: 'app.get("/team", function (req, res) {\n  res.send("the team");\n});\n',
  },
];

describe.each(EXPRESS)("$fixture after init, then remove", ({ fixture, file, addition }) => {
  const app = startedAfterRemove(
    (edits) => prepareExpressApp(fixture, { oidc: NO_OIDC, providers: ["credentials"], edits }),
    { file, addition },
    startExpressApp,
  );

  test("builds, starts and serves its own pages and the owner's route; the auth routes are gone", async () => {
    expect(app.removeOutput).toContain("Deleted");
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Acme Notes");
    expect(await (await fetch(`${app.url}/team`)).text()).toBe("the team");
    expect((await fetch(`${app.url}/auth/session`)).status).toBe(404);
    expect((await fetch(`${app.url}/notes`)).status).toBe(200);
  });
});

describe("sveltekit-2 after init, then remove", () => {
  const app = startedAfterRemove(
    (edits) => prepareSvelteKitApp({ fixture: "sveltekit-2", oidc: NO_OIDC, providers: ["credentials"], edits }),
    {
      file: "src/hooks.server.ts",
      addition:
        '\nexport const handleError = ({ error }: { error: unknown }) => {\n  console.error("acme-notes", error);\n};\n',
    },
    (dir, port) => startSvelteKitApp(dir, port),
  );

  test("builds, starts and runs the app's own hook again; the auth routes are gone", async () => {
    expect(app.removeOutput).toContain("Deleted");
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    // The app's handle is the exported `handle` again, as before init: its headers are on every page.
    expect(home.headers.get("x-served-by")).toBe("acme-notes");
    expect((await fetch(`${app.url}/auth/session`)).status).toBe(404);
    expect(readFileSync(path.join(app.dir, "src/hooks.server.ts"), "utf8")).not.toContain("auth");
  });
});
