// The Express half of the HTTP benchmark: the express-5-ts fixture (the Acme Notes app) twice, with the same
// protected page `/me` answering the signed-in user's name (signed-out visitors are redirected to sign-in) and the
// same credentials user. Ours is what `auth init` writes plus the edits its next steps ask for (the user lookup in
// authorize, requireAuth on the route); theirs is the same app wired with @auth/express as its docs show
// (ExpressAuth on /auth, getSession in a route guard). Both are built with the app's own `tsc` and started
// with its own `npm start`.
import fs from "node:fs/promises";
import path from "node:path";
import { runCommand, startServer } from "../../test/support/processes.mjs";
import { addDemoUser } from "../../test/support/user-edits.mjs";
import {
  appProcessEnv,
  copyApp,
  editFile,
  initOurs,
  linkPackages,
  newSecret,
  removeApp,
  writeFile,
} from "./app-copy.mjs";

const FIXTURE = "express-5-ts";

/** The protected page, the same route in both apps. */
const ME_ROUTE = `// Who is signed in: requireAuth sends signed-out visitors to the sign-in page.
app.get("/me", requireAuth, (_req: Request, res: Response) => {
  res.type("text/plain").send(String(res.locals.session.user.name));
});

app.get("/health", (_req: Request, res: Response) => {`;

/** Theirs: the auth module a person writes from @auth/express's docs, with the credentials form ours has. */
const THEIR_AUTH_MODULE = `// Authentication for this app with Auth.js (@auth/express), as its docs show: the config, and a route guard
// reading the session with getSession.
import { type ExpressAuthConfig, getSession } from "@auth/express";
import Credentials from "@auth/express/providers/credentials";
import type { NextFunction, Request, Response } from "express";

export const authConfig: ExpressAuthConfig = {
  providers: [
    Credentials({
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        return null;
      },
    }),
  ],
};

export async function requireAuth(req: Request, res: Response, next: NextFunction): Promise<void> {
  const session = await getSession(req, authConfig);
  if (!session?.user) {
    res.redirect(\`/auth/signin?\${new URLSearchParams({ callbackUrl: req.originalUrl })}\`);
    return;
  }
  res.locals.session = session;
  next();
}
`;

/** Ours: init, then the person's edits (the demo user in authorize, the protected page). */
async function setUpOurs(dir) {
  await initOurs(dir);
  await writeFile(dir, "src/auth.ts", addDemoUser(await fs.readFile(path.join(dir, "src/auth.ts"), "utf8")));
  await editFile(dir, "src/app.ts", [
    ['import { authConfig } from "./auth.js";', 'import { authConfig, requireAuth } from "./auth.js";'],
    ['app.get("/health", (_req: Request, res: Response) => {', ME_ROUTE],
  ]);
}

/** Theirs: the same app, .env loaded the same way, ExpressAuth mounted where init mounts ours. */
async function setUpTheirs(dir) {
  await writeFile(dir, "src/auth.ts", addDemoUser(THEIR_AUTH_MODULE));
  await editFile(dir, "src/app.ts", [
    [
      'import { escape, layout } from "./views.js";',
      [
        'import { escape, layout } from "./views.js";',
        'import { ExpressAuth } from "@auth/express";',
        'import { authConfig, requireAuth } from "./auth.js";',
        "",
        "try {",
        "  process.loadEnvFile();",
        "} catch (error) {",
        '  if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;',
        "}",
      ].join("\n"),
    ],
    [
      "app.use(express.urlencoded({ extended: false }));",
      'app.use(express.urlencoded({ extended: false }));\napp.use("/auth", ExpressAuth(authConfig));',
    ],
    ['app.get("/health", (_req: Request, res: Response) => {', ME_ROUTE],
  ]);
  await writeFile(dir, ".env", `AUTH_SECRET=${newSecret()}\n`);
}

/**
 * Prepares one side (`ours` or `theirs`): copy, set up, link packages, `npm run build` (tsc). Resolves with the
 * app's description; `start(port)` boots it with `npm start` on 127.0.0.1.
 */
export async function prepareExpressApp(side) {
  const dir = await copyApp(FIXTURE);
  try {
    await (side === "ours" ? setUpOurs(dir) : setUpTheirs(dir));
    await linkPackages(dir);
    await runCommand("npm", ["run", "build", "--silent"], { cwd: dir, env: appProcessEnv() });
  } catch (error) {
    await removeApp(dir);
    throw error;
  }
  return {
    framework: "Express",
    side,
    dir,
    authBase: "/auth",
    page: "/me",
    start: (port) =>
      startServer("npm", ["start", "--silent"], {
        cwd: dir,
        env: appProcessEnv({ PORT: String(port), HOST: "127.0.0.1" }),
        readyUrl: `http://127.0.0.1:${port}/health`,
        timeoutMs: 30_000,
      }),
  };
}
