// The Next half of the HTTP benchmark: the next-app fixture (Acme Notes, App Router) twice, with the same protected
// server page `/me` calling `auth()` (signed-out visitors are redirected to sign-in) and the same credentials user.
// Ours is what `auth init` writes (auth.ts, the route handler, proxy.ts) plus the demo user in authorize; theirs
// is the same app wired with next-auth 5 as its docs show (auth.ts with NextAuth + Credentials, the route
// handler). Both are built with `next build` (Turbopack) and started with `next start`.
import fs from "node:fs/promises";
import path from "node:path";
import { startApp } from "../../test/support/next-app.mjs";
import { runCommand } from "../../test/support/processes.mjs";
import { addDemoUser } from "../../test/support/user-edits.mjs";
import {
  appProcessEnv,
  copyApp,
  editFile,
  initOurs,
  linkPackages,
  newSecret,
  REPO_ROOT,
  removeApp,
  writeFile,
} from "./app-copy.mjs";

const FIXTURE = "next-app";

/** The protected page, the same file in both apps: a server component reading the session per request. */
const ME_PAGE = `import { redirect } from "next/navigation";
import { auth } from "@/auth";

// Who is signed in, rendered on the server for each request; signed-out visitors go to the sign-in page.
export default async function Me() {
  const session = await auth();
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/me");
  return <p data-testid="user-name">{session.user.name}</p>;
}
`;

/** Theirs: the auth module next-auth 5's docs show, with the credentials form ours has. */
const THEIR_AUTH_MODULE = `// Authentication for this app with next-auth 5, as its docs show.
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";

export const { handlers, auth, signIn, signOut } = NextAuth({
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
});
`;

const THEIR_ROUTE = `// The auth endpoints under /api/auth, as next-auth 5's docs show.
import { handlers } from "@/auth";

export const { GET, POST } = handlers;
`;

/**
 * The packages are links into this repository, outside the app: Turbopack resolves nothing outside its root,
 * so the root is the directory holding both (the same edit on both sides).
 */
async function widenTurbopackRoot(dir) {
  const a = dir.split(path.sep);
  const b = REPO_ROOT.split(path.sep);
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared += 1;
  const root = a.slice(0, shared).join(path.sep) || path.sep;
  await editFile(dir, "next.config.ts", [
    ["poweredByHeader: false,", `poweredByHeader: false,\n  turbopack: { root: ${JSON.stringify(root)} },`],
  ]);
}

async function setUpOurs(dir) {
  await initOurs(dir);
  const authFile = path.join(dir, "auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
}

async function setUpTheirs(dir) {
  await writeFile(dir, "auth.ts", addDemoUser(THEIR_AUTH_MODULE));
  await writeFile(dir, "app/api/auth/[...nextauth]/route.ts", THEIR_ROUTE);
  // `next start` runs with NODE_ENV=production, where next-auth trusts the Host header only when told to.
  await fs.appendFile(path.join(dir, ".env.local"), `\nAUTH_SECRET=${newSecret()}\nAUTH_TRUST_HOST=true\n`);
}

/**
 * Prepares one side (`ours` or `theirs`): copy, set up, the page, link packages, `next build`. Resolves with
 * the app's description; `start(port)` boots it with `next start` on 127.0.0.1.
 */
export async function prepareNextApp(side) {
  const dir = await copyApp(FIXTURE);
  try {
    await (side === "ours" ? setUpOurs(dir) : setUpTheirs(dir));
    await writeFile(dir, "app/me/page.tsx", ME_PAGE);
    await widenTurbopackRoot(dir);
    await linkPackages(dir);
    await runCommand(process.execPath, [path.join(dir, "node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: dir,
      env: appProcessEnv(),
    });
  } catch (error) {
    await removeApp(dir);
    throw error;
  }
  return { framework: "Next", side, dir, authBase: "/api/auth", page: "/me", start: (port) => startApp(dir, port) };
}
