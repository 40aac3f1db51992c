// `auth remove` on real apps, one per framework (issue 14): each fixture is installed, built and started
// before auth (its home page answers), then the built CLI's init, the owner's edits (one in a file init
// edited, one in a page of the app, a provider's env value filled), and the built CLI's
// `remove --yes --no-install --json` in the app's folder. The tree must then equal the original but for the
// owner's edits and what remove's report says it kept, and the app must build and serve the same home page
// again, with the owner's edits. Install runs once per app: again only when package.json's dependencies or
// the lockfile differ from the first install's (remove-round-trip.ts). Nothing is mocked.
// The build and start before init stay on every run, though they are over a quarter of the file's time: no
// other e2e file builds a fixture before init, and they make init and remove run on a built app (tsc's dist/
// beside src/, .next, .svelte-kit, .output …), as an owner's usually is; commands that took build output for
// source have been caught that way before (test/cli/frameworks/express/built-app.test.ts).
import path from "node:path";
import { describe, expect, test } from "vitest";
import { astroEnv, startAstroApp } from "../support/astro-app.mjs";
import { startExpressApp } from "../support/express-app.mjs";
import { buildFastifyApp, startFastifyApp } from "../support/fastify-app.mjs";
import { appProcessEnv } from "../support/fixture-app.mjs";
import { buildApp, startApp } from "../support/next-app.mjs";
import { node24Env } from "../support/node24.mjs";
import { startNuxtApp } from "../support/nuxt-app.mjs";
import { runCommand } from "../support/processes.mjs";
import { buildQwikApp, startQwikApp } from "../support/qwik-app.mjs";
import { buildReactRouterApp, startReactRouterApp } from "../support/react-router-app.mjs";
import { startSolidStartApp } from "../support/solid-start-app.mjs";
import { startSvelteKitApp } from "../support/sveltekit-app.mjs";
import { FILLED_KEY, FILLED_VALUE, type Probe, type RemoveCase, removeRoundTrip } from "./support/remove-round-trip.js";
import { unexplainedDifferences } from "./support/remove-tree.js";

const nodeEnv = async () => appProcessEnv();
const npmBuild = async (dir: string, env: NodeJS.ProcessEnv) => ({
  build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms,
});

interface Case extends RemoveCase {
  /** What the owner's edits show on the app started after remove, beyond the home page's text. */
  check: Probe;
}

const CASES: Case[] = [
  {
    fixture: "next-16-src",
    basePath: "/api/auth",
    envFile: ".env.local",
    output: [".next"],
    env: nodeEnv,
    build: async (dir) => ({ build: (await buildApp(dir)).ms }),
    start: (dir, port) => startApp(dir, port),
    marker: "Acme Tracker",
    edits: [
      // init wraps this proxy in auth(…); the owner then tags responses with their team too.
      {
        file: "src/proxy.ts",
        after: 'response.headers.set("x-acme-release", "2026.11");',
        insert: '\n  response.headers.set("x-acme-team", "tracker");',
      },
      {
        file: "src/app/page.tsx",
        after: "<p>Every bug, every fix, one place.</p>",
        insert: "\n      <p>Boards for every team.</p>",
      },
    ],
    async check(served) {
      expect(served.html).toContain("Boards for every team.");
      expect(served.headers.get("x-acme-release")).toBe("2026.11");
      expect(served.headers.get("x-acme-team")).toBe("tracker");
    },
  },
  {
    fixture: "sveltekit-2",
    basePath: "/auth",
    envFile: ".env",
    output: [".svelte-kit", "build"],
    env: nodeEnv,
    build: async (dir, env) => ({
      build: (
        await runCommand(process.execPath, [path.join(dir, "node_modules/vite/bin/vite.js"), "build"], {
          cwd: dir,
          env,
        })
      ).ms,
    }),
    start: (dir, port) => startSvelteKitApp(dir, port),
    marker: "Welcome to Acme Notes",
    edits: [
      // init renames this handle and exports sequence(authHandle, it); remove must give it back, with this line.
      {
        file: "src/hooks.server.ts",
        after: 'response.headers.set("x-frame-options", "DENY");',
        insert: '\n  response.headers.set("x-acme-team", "notes");',
      },
      {
        file: "src/routes/+page.svelte",
        after: "<p>Plan, write and share your team's notes.</p>",
        insert: "\n<p>Now with shared checklists.</p>",
      },
    ],
    async check(served) {
      expect(served.html).toContain("Now with shared checklists.");
      expect(served.headers.get("x-served-by")).toBe("acme-notes");
      expect(served.headers.get("x-acme-team")).toBe("notes");
    },
  },
  {
    fixture: "express-5-ts",
    basePath: "/auth",
    envFile: ".env",
    output: ["dist"],
    env: nodeEnv,
    build: npmBuild,
    start: startExpressApp,
    marker: "Acme Notes",
    edits: [
      {
        file: "src/app.ts",
        after: "res.json({ ok: true });\n});\n",
        insert: '\napp.get("/team", (_req: Request, res: Response) => {\n  res.send("the team");\n});\n',
      },
      {
        file: "src/views.ts",
        after: "</main>",
        insert: "\n    <footer>Made by the platform team</footer>",
      },
    ],
    async check(served, url) {
      expect(served.html).toContain("Made by the platform team");
      expect(await (await fetch(`${url}/team`)).text()).toBe("the team");
      // The app's other page answers as it did before init.
      expect((await fetch(`${url}/notes`, { redirect: "manual" })).status).toBe(200);
    },
  },
  {
    fixture: "express-4-js",
    basePath: "/auth",
    envFile: ".env",
    output: [],
    env: nodeEnv,
    build: async () => ({}),
    start: startExpressApp,
    marker: "Acme Notes",
    edits: [
      {
        file: "app.js",
        after: 'app.use("/notes", notesRouter);\n',
        insert: '\napp.get("/team", function (req, res) {\n  res.send("the team");\n});\n',
      },
      { file: "views.js", after: "</main>", insert: "\n    <footer>Made by the platform team</footer>" },
    ],
    async check(served, url) {
      expect(served.html).toContain("Made by the platform team");
      expect(await (await fetch(`${url}/team`)).text()).toBe("the team");
      // The app's other page answers as it did before init.
      expect((await fetch(`${url}/notes`, { redirect: "manual" })).status).toBe(200);
    },
  },
  {
    fixture: "fastify-5-cli",
    basePath: "/auth",
    envFile: ".env",
    output: ["dist"],
    env: nodeEnv,
    build: (dir, env) => buildFastifyApp("fastify-5-cli", dir, env),
    start: (dir, port) => startFastifyApp("fastify-5-cli", dir, port),
    marker: "Acme notes",
    edits: [
      // init adds its dependencies to package.json (and a plugin of its own); the owner adds a script.
      { file: "package.json", after: '"scripts": {', insert: '\n    "typecheck": "tsc --noEmit",' },
      {
        file: "src/layout.ts",
        // The layout's own template text, placeholder and all (not a template of this test's).
        after: ["<main>$", "{body}</main>"].join(""),
        insert: "\n    <footer>Made by the platform team</footer>",
      },
    ],
    async check(served, url) {
      expect(served.html).toContain("Made by the platform team");
      // The user's own plugin and the notes API answer as they did before init.
      expect(served.headers.get("x-acme-build")).toBe("dev");
      expect((await fetch(`${url}/api/notes`)).status).toBe(200);
    },
  },
  {
    fixture: "fastify-5-plain",
    basePath: "/auth",
    envFile: ".env",
    output: ["dist"],
    env: nodeEnv,
    build: (dir, env) => buildFastifyApp("fastify-5-plain", dir, env),
    start: (dir, port) => startFastifyApp("fastify-5-plain", dir, port),
    marker: "Acme notes",
    edits: [
      // init edited this module (imports, env loading, the registration after this hook); the owner then adds a
      // health check for the load balancer right below the hook, next to init's lines.
      {
        file: "src/server.ts",
        after: "reply.header('x-acme-build', process.env.BUILD_ID ?? 'dev')\n})\n",
        insert: "\napp.get('/health', async () => ({ ok: true }))\n",
      },
      { file: "src/views.ts", after: "</main>", insert: "\n    <footer>Made by the platform team</footer>" },
    ],
    async check(served, url) {
      expect(served.html).toContain("Made by the platform team");
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });
      // The user's own hook and the notes page and API answer as they did before init.
      expect(served.headers.get("x-acme-build")).toBe("dev");
      expect((await fetch(`${url}/notes`, { redirect: "manual" })).status).toBe(200);
      expect((await fetch(`${url}/api/notes`)).status).toBe(200);
    },
  },
  {
    fixture: "astro-7-node",
    basePath: "/auth",
    envFile: ".env",
    output: ["dist", ".astro"],
    // Astro 7 installs, builds and serves on Node ≥ 22.12: Node 24 here.
    env: () => astroEnv(),
    build: npmBuild,
    start: startAstroApp,
    marker: "Notes for the whole team",
    edits: [
      // init adds its dependencies to package.json (and excludes its runtime in tsconfig.json); the owner adds a script.
      { file: "package.json", after: '"scripts": {', insert: '\n    "check": "astro check",' },
      {
        file: "src/pages/index.astro",
        after: "<p>Notes for the whole team, in one place.</p>",
        insert: "\n  <p>Now with shared folders.</p>",
      },
      // init put auth.middleware first in the app's middleware; the owner then stamps one more header in theirs.
      {
        file: "src/middleware.ts",
        after: 'response.headers.set("x-acme-release", "2026.11");',
        insert: '\n  response.headers.set("x-acme-team", "notes");',
      },
    ],
    async check(served, url) {
      expect(served.html).toContain("Now with shared folders.");
      // The app's own middleware (with the owner's edit) and API answer as they did before init.
      expect(served.headers.get("x-acme-release")).toBe("2026.11");
      expect(served.headers.get("x-acme-team")).toBe("notes");
      expect((await fetch(`${url}/api/notes`)).status).toBe(200);
    },
  },
  {
    fixture: "react-router-7",
    basePath: "/auth",
    envFile: ".env",
    output: ["build", ".react-router"],
    env: nodeEnv,
    build: buildReactRouterApp,
    start: startReactRouterApp,
    marker: "Acme Notes",
    edits: [
      // init listed its route in routes.ts; the owner then lists a page of their own after theirs.
      {
        file: "app/routes.ts",
        after: '  route("api/notes", "routes/api.notes.ts"),\n',
        insert: '  route("team", "routes/home.tsx", { id: "team" }),\n',
      },
      {
        file: "app/routes/home.tsx",
        after: "<p>Plans and checklists for the whole team.</p>",
        insert: "\n      <p>Made by the platform team</p>",
      },
    ],
    async check(served, url) {
      expect(served.html).toContain("Made by the platform team");
      // The user's root middleware still stamps every response; their API and the owner's page answer.
      expect(served.headers.get("x-acme-release")).toBe("2026.11");
      expect((await fetch(`${url}/api/notes`)).status).toBe(200);
      expect((await fetch(`${url}/team`)).status).toBe(200);
    },
  },
  {
    fixture: "solid-start-2",
    basePath: "/api/auth",
    envFile: ".env",
    output: [".output", ".nitro", ".vinxi"],
    // SolidStart 2 installs and builds on Node 24; its output runs on ours.
    env: () => node24Env(appProcessEnv()),
    build: npmBuild,
    start: startSolidStartApp,
    marker: "Trail Journal",
    edits: [
      // init adds its dependencies to package.json; the owner adds a script.
      { file: "package.json", after: '"scripts": {', insert: '\n    "typecheck": "tsc --noEmit",' },
      {
        file: "src/routes/index.tsx",
        after: "<p>Log your hikes, keep your routes, remember the views.</p>",
        insert: "\n      <p>Now with elevation profiles.</p>",
      },
    ],
    async check(served) {
      expect(served.html).toContain("Now with elevation profiles.");
    },
  },
  {
    fixture: "nuxt-4",
    basePath: "/auth",
    envFile: ".env",
    output: [".output", ".nuxt", ".data"],
    // Nuxt 4.5 installs, builds and runs on Node 24 (^22.19 or ^24.11).
    env: () => node24Env(appProcessEnv({ NUXT_TELEMETRY_DISABLED: "1" })),
    build: npmBuild,
    start: startNuxtApp,
    marker: "Acme notes",
    edits: [
      // init adds its dependencies to package.json (and files of its own in server/ and app/); the owner adds a script.
      { file: "package.json", after: '"scripts": {', insert: '\n    "typecheck": "nuxt typecheck",' },
      {
        file: "app/pages/index.vue",
        after: "<p>Plans, minutes and lists for the whole team, in one place.</p>",
        insert: "\n    <p>Now with shared checklists.</p>",
      },
    ],
    async check(served, url) {
      expect(served.html).toContain("Now with shared checklists.");
      // The user's own server middleware and the notes API answer as they did before init.
      expect(served.headers.get("x-acme-build")).toBe("dev");
      expect((await fetch(`${url}/api/notes`)).status).toBe(200);
    },
  },
  {
    fixture: "qwik-city-1",
    basePath: "/auth",
    envFile: ".env",
    output: ["dist", "server", "tmp"],
    env: nodeEnv,
    build: (dir) => buildQwikApp(dir),
    start: (dir, port) => startQwikApp(dir, port),
    marker: "Acme Journal",
    edits: [
      { file: "package.json", after: '"scripts": {', insert: '\n    "check": "tsc --noEmit",' },
      {
        file: "src/routes/index.tsx",
        after: "<p>Write down what the team learned this week.</p>",
        insert: "\n      <p>Now with weekly digests.</p>",
      },
    ],
    async check(served) {
      expect(served.html).toContain("Now with weekly digests.");
    },
  },
];

describe.each(CASES)("$fixture: init, the owner's edits, then remove", (testCase) => {
  const trip = removeRoundTrip(testCase);

  test("the app serves its home page before auth is added", () => {
    expect(trip.before.status).toBe(200);
    expect(trip.before.html).toContain(testCase.marker);
  });

  test("remove reports the env value the owner filled in as kept, and nothing else", () => {
    expect(trip.report.ok).toBe(true);
    expect(trip.report.outcome.applied).toBe(true);
    expect(trip.report.kept).toEqual({
      editedFiles: [],
      envKeys: [{ file: testCase.envFile, key: FILLED_KEY }],
      data: [],
      notOurs: [],
    });
    const env = trip.after.get(testCase.envFile)?.toString("utf8") ?? "";
    expect(env.split("\n")).toContain(`${FILLED_KEY}=${FILLED_VALUE}`);
  });

  test("the tree is the original, but for the owner's edits and what the report keeps", () => {
    expect(unexplainedDifferences(trip.expected, trip.after, trip.report)).toEqual([]);
    for (const edit of testCase.edits) {
      expect(trip.after.get(edit.file)?.toString("utf8")).toContain(edit.insert);
    }
  });

  test("builds, starts and serves the same home page as before, with the owner's edits", async () => {
    const served = await trip.serveAgain(testCase.check);
    expect(served.status).toBe(trip.before.status);
    expect(served.html).toContain(testCase.marker);
    // The auth routes answer as they did before init: not at all.
    expect(served.sessionStatus).toBe(trip.before.sessionStatus);
    expect(served.sessionStatus).toBe(404);
  });
});
