// `auth doctor` on SolidStart and Qwik City apps just after an in-memory `init`, then with the wiring broken
// the ways an app's own edits break it: the catch-all auth route gone, renamed or missing a method; the Qwik
// plugin without onRequest; pages and components importing from create-auth's modules names they no longer
// export (the session queries, the plugin's hooks). Each mistake is its finding; the app as init left it has none.
import { describe, expect, test } from "vitest";
import { initFixture, type MemoryProject } from "../../support.js";
import { byId, type DoctorRun, doctor } from "./support.js";

const wiringProblems = (run: DoctorRun) =>
  run.findings.filter((f) => f.id.startsWith("wiring.") && f.level !== "ok" && f.level !== "info");

async function initialised(fixture: string): Promise<MemoryProject> {
  const { project, run } = await initFixture(fixture, ["--providers", "credentials", "--yes", "--no-install"]);
  expect(run.status).toBe(0);
  return project;
}

/** The journal page protected the way the SolidStart next step says, importing the session queries. */
const protectedJournal = (from: string) => `import { createAsync, type RouteDefinition } from "@solidjs/router";
import { getUser, requireUser } from "${from}";

export const route = { preload: () => requireUser("/journal") } satisfies RouteDefinition;

export default function Journal() {
  const user = createAsync(() => requireUser("/journal"), { deferStream: true });
  const viewer = createAsync(() => getUser());
  return <h1>{user()?.name ?? viewer()?.email}</h1>;
}
`;

describe("SolidStart", () => {
  const route = "src/routes/api/auth/[...solidauth].ts";

  test.each(["solid-start-1", "solid-start-2"])(
    "%s after init, with a page using requireUser, has no wiring finding",
    async (fixture) => {
      const project = await initialised(fixture);
      project.write("src/routes/journal.tsx", protectedJournal("~/lib/session"));
      const run = await doctor(project);
      expect(wiringProblems(run)).toEqual([]);
      expect(byId(run, "wiring.solid-route")).toEqual([expect.objectContaining({ level: "ok", file: route })]);
      expect(run.status).toBe(0);
    },
  );

  test("the auth route gone is an error; renamed to another catch-all in its folder it still counts", async () => {
    const project = await initialised("solid-start-2");
    const text = project.read(route);
    project.remove(route);
    const run = await doctor(project);
    expect(byId(run, "wiring.solid-route-missing")).toEqual([
      expect.objectContaining({
        level: "error",
        file: route,
        fix: expect.stringContaining("export const { GET, POST } = SolidAuth(authConfig);"),
      }),
    ]);
    expect(run.status).toBe(1);
    project.write("src/routes/api/auth/[...auth].ts", text);
    const renamed = await doctor(project);
    expect(byId(renamed, "wiring.solid-route-missing")).toEqual([]);
    expect(byId(renamed, "wiring.solid-route")[0]!.file).toBe("src/routes/api/auth/[...auth].ts");
  });

  test("an auth route that does not export POST is an error naming the method and what fails", async () => {
    const project = await initialised("solid-start-2");
    project.write(route, project.read(route).replace("export const { GET, POST } =", "export const { GET } ="));
    const [found] = byId(await doctor(project), "wiring.solid-route-exports");
    expect(found).toMatchObject({ level: "error", file: route });
    expect(found!.message).toBe(
      `${route} does not export POST: requests with that method never reach the auth handler, so sign-in, sign-out and the credentials form fail.`,
    );
  });

  test("a page importing requireUser from a session module that lost it, or is gone, is an error on that page", async () => {
    const project = await initialised("solid-start-2");
    project.write("src/routes/journal.tsx", protectedJournal("../lib/session"));
    project.write(
      "src/lib/session.ts",
      project.read("src/lib/session.ts").replace("export const requireUser", "const requireUser"),
    );
    const [lost] = byId(await doctor(project), "wiring.import-missing");
    expect(lost).toMatchObject({ level: "error", file: "src/routes/journal.tsx" });
    expect(lost!.message).toBe(
      'src/routes/journal.tsx imports requireUser from "../lib/session", but src/lib/session.ts no longer exports it: the app fails to build.',
    );
    expect(lost!.fix).toContain("it exports getUser, requireUser");

    project.remove("src/lib/session.ts");
    const [gone] = byId(await doctor(project), "wiring.import-missing");
    expect(gone!.message).toContain(
      'imports getUser, requireUser from "../lib/session", but src/lib/session.ts does not exist',
    );
    expect(gone!.fix).toContain(
      "src/lib/session.ts was never committed, so git cannot restore it; write it again: npx create-auth init --providers credentials --yes",
    );
  });

  test('session queries without their "use server" are an error: they would run in the browser', async () => {
    const project = await initialised("solid-start-2");
    const session = "src/lib/session.ts";
    expect(byId(await doctor(project), "wiring.solid-not-server")).toEqual([]);
    project.write(session, project.read(session).replaceAll('  "use server";\n', ""));
    expect(project.read(session)).not.toMatch(/^\s*"use server";$/m);
    expect(byId(await doctor(project), "wiring.solid-not-server")).toEqual([
      expect.objectContaining({ level: "error", file: session, fix: expect.stringContaining('"use server";') }),
    ]);
    // One directive at the top of the module makes every export a server function: that is fine too.
    project.write(session, `"use server";\n${project.read(session)}`);
    expect(byId(await doctor(project), "wiring.solid-not-server")).toEqual([]);
  });

  test("a type-only import, or an import of the app's own module of the same name, is not judged", async () => {
    const project = await initialised("solid-start-2");
    project.write("src/components/session.ts", "export const requireUser = () => null;\n");
    project.write(
      "src/routes/journal.tsx",
      'import { requireUser } from "~/components/session";\nimport type { getUser } from "~/lib/session";\nexport default () => requireUser();\n',
    );
    project.write("src/lib/session.ts", "export {};\n");
    expect(byId(await doctor(project), "wiring.import-missing")).toEqual([]);
  });
});

describe("Qwik City", () => {
  const plugin = "src/routes/plugin@auth.ts";
  const header = `import { component$ } from "@builder.io/qwik";
import { Form } from "@builder.io/qwik-city";
import { useSession, useSignOut } from "~/routes/plugin@auth";

export default component$(() => {
  const session = useSession();
  const signOut = useSignOut();
  return session.value ? <Form action={signOut}><button>Sign out</button></Form> : null;
});
`;

  test("after init, with a component using useSession and useSignOut, has no wiring finding", async () => {
    const project = await initialised("qwik-city-1");
    project.write("src/components/header/header.tsx", header);
    const run = await doctor(project);
    expect(wiringProblems(run)).toEqual([]);
    expect(byId(run, "wiring.qwik-plugin")).toEqual([expect.objectContaining({ level: "ok", file: plugin })]);
  });

  test("a plugin that does not export onRequest is an error: nothing answers under /auth", async () => {
    const project = await initialised("qwik-city-1");
    project.write(plugin, project.read(plugin).replace("export const { onRequest, ", "export const { "));
    const run = await doctor(project);
    const [found] = byId(run, "wiring.qwik-onrequest-missing");
    expect(found).toMatchObject({ level: "error", file: plugin });
    expect(found!.message).toContain("nothing answers under /auth");
    expect(found!.fix).toContain("export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(…)");
    expect(run.ids).not.toContain("wiring.qwik-plugin");
    expect(run.status).toBe(1);
  });

  test("a component importing a hook the plugin no longer exports is an error on that component", async () => {
    const project = await initialised("qwik-city-1");
    project.write("src/components/header/header.tsx", header);
    project.write(
      "src/routes/journal/index.tsx",
      'import { useSignIn } from "../plugin@auth";\nexport const x = useSignIn;\n',
    );
    project.write(plugin, project.read(plugin).replace(", useSignIn, useSignOut }", " }"));
    const found = byId(await doctor(project), "wiring.import-missing");
    expect(found.map((f) => [f.file, f.message.split(" from ")[0]])).toEqual([
      ["src/components/header/header.tsx", "src/components/header/header.tsx imports useSignOut"],
      ["src/routes/journal/index.tsx", "src/routes/journal/index.tsx imports useSignIn"],
    ]);
    expect(found[0]!.fix).toContain(`export useSignOut from ${plugin} again`);
  });

  test("hooks of a QwikAuth$ moved out of the plugin must be exported by a route module, or Qwik City never runs them", async () => {
    const project = await initialised("qwik-city-1");
    project.write("src/auth.ts", project.read(plugin));
    project.write(plugin, 'export { onRequest } from "~/auth";\n');
    project.write("src/components/header/header.tsx", header.replace("~/routes/plugin@auth", "~/auth"));
    const run = await doctor(project);
    expect(run.ids).toContain("wiring.qwik-plugin");
    expect(byId(run, "wiring.qwik-hook-unregistered")).toEqual([
      expect.objectContaining({
        level: "error",
        file: "src/components/header/header.tsx",
        message: expect.stringMatching(
          /^src\/components\/header\/header\.tsx uses useSession, useSignOut from src\/auth\.ts, which no plugin, layout or index under src\/routes exports/,
        ),
        fix: expect.stringContaining('export { onRequest, useSession, useSignOut } from "~/auth"'),
      }),
    ]);
    // Re-exported from the plugin, or from the root layout: registered.
    project.write(plugin, 'export { onRequest, useSession } from "~/auth";\n');
    project.write(
      "src/routes/layout.tsx",
      `${project.read("src/routes/layout.tsx")}\nexport { useSignOut } from "~/auth";\n`,
    );
    expect(byId(await doctor(project), "wiring.qwik-hook-unregistered")).toEqual([]);
  });
});
