// The edits a person makes after `create-auth init`, as the next steps tell them to: plug a user into the
// credentials provider's `authorize`, protect the dashboard with `auth()` and give it sign-out and
// change-your-name forms (`signOut`, `unstable_update`), add their own sign-in page calling the `signIn` server action
// (and one signing in and out in place with `redirect: false`), and fill `.env.local` with their
// identity provider's values. Pure text transforms plus one function
// that applies them to an app directory.
import fs from "node:fs/promises";
import path from "node:path";

/** The demo account the credentials provider accepts (and nothing else). */
export const DEMO_USER = Object.freeze({
  id: "demo-user",
  name: "Demo User",
  email: "demo@example.test",
  password: "correct horse battery staple",
});

/** The OIDC client the app is registered as at the local identity provider. */
export const OIDC_CLIENT = Object.freeze({ id: "acme-notes", secret: "acme-notes-local-client-secret" });

const AUTHORIZE_LINE = /^([ \t]*)async authorize\(credentials\) \{[ \t]*$/m;

/**
 * Inserts the demo-user check right after `async authorize(credentials) {`. Email and password are compared
 * as SHA-256 digests with `timingSafeEqual`, so the time taken does not reveal how much of a guess matched.
 */
export function addDemoUser(source, user = DEMO_USER) {
  const match = AUTHORIZE_LINE.exec(source);
  if (!match) throw new Error("auth.ts has no `async authorize(credentials) {` line to add the demo user to");
  const indent = `${match[1]}  `;
  const check = [
    "// Demo user for local testing: compare digests in constant time (no early exit on the first wrong byte).",
    'const digest = (value: unknown) => createHash("sha256").update(String(value ?? "")).digest();',
    `const emailMatches = timingSafeEqual(digest(credentials.email), digest(${JSON.stringify(user.email)}));`,
    `const passwordMatches = timingSafeEqual(digest(credentials.password), digest(${JSON.stringify(user.password)}));`,
    "if (emailMatches && passwordMatches) {",
    `  return { id: ${JSON.stringify(user.id)}, name: ${JSON.stringify(user.name)}, email: ${JSON.stringify(user.email)} };`,
    "}",
  ]
    .map((line) => indent + line)
    .join("\n");
  const end = match.index + match[0].length;
  const withCheck = `${source.slice(0, end)}\n${check}${source.slice(end)}`;
  return `import { createHash, timingSafeEqual } from "node:crypto";\n${withCheck}`;
}

const NEXT_AUTH_CALL = "export const { handlers, auth, signIn, signOut } = NextAuth({";

/**
 * Lets a signed-in user change their display name: exports `unstable_update` and adds a `jwt` callback that
 * accepts the new name. The update's data comes from the client, so the callback checks it and takes only
 * a short string (the spec: "must be validated").
 */
export function allowNameUpdates(source) {
  if (!source.includes(NEXT_AUTH_CALL)) throw new Error(`auth.ts has no \`${NEXT_AUTH_CALL}\` line`);
  const callbacks = [
    "export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({",
    "  callbacks: {",
    "    jwt({ token, trigger, session }) {",
    "      const name = (session as { user?: { name?: unknown } } | undefined)?.user?.name;",
    '      if (trigger === "update" && typeof name === "string" && name.length > 0 && name.length <= 80) {',
    "        token.name = name;",
    "      }",
    "      return token;",
    "    },",
    "  },",
  ].join("\n");
  return source.replace(NEXT_AUTH_CALL, () => callbacks);
}

/** The dashboard after the user protects it: signed out → sign-in page; signed in → who, and a way out. */
export const PROTECTED_DASHBOARD = `import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { auth, signOut, unstable_update } from "@/auth";

// Meant for signed-in team members only.
const notes = [
  { id: 1, title: "Quarterly planning" },
  { id: 2, title: "Launch checklist" },
];

export default async function Dashboard() {
  const session = await auth();
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard");

  return (
    <section>
      <h1>Dashboard</h1>
      <p>
        Signed in as <strong data-testid="user-name">{session.user.name}</strong> (
        <span data-testid="user-email">{session.user.email}</span>)
      </p>
      <form
        action={async () => {
          "use server";
          await signOut({ redirectTo: "/" });
        }}
      >
        <button type="submit">Sign out</button>
      </form>
      <form
        action={async (formData: FormData) => {
          "use server";
          await unstable_update({ user: { name: String(formData.get("name") ?? "") } });
          redirect("/dashboard");
        }}
      >
        <input name="name" aria-label="Display name" required />
        <button type="submit">Save name</button>
      </form>
      <form
        action={async (formData: FormData) => {
          "use server";
          await unstable_update({ user: { name: String(formData.get("name") ?? "") } });
          revalidatePath("/dashboard");
        }}
      >
        <input name="name" aria-label="New name (in place)" required />
        <button type="submit">Rename in place</button>
      </form>
      <ul>
        {notes.map((note) => (
          <li key={note.id}>{note.title}</li>
        ))}
      </ul>
    </section>
  );
}
`;

/**
 * The app's own sign-in page, as many teams write one: a form whose server action calls `signIn` with the
 * FormData. A rejected sign-in arrives as an AuthError (its `type` is safe to show); anything else, including
 * Next's redirect after success, is rethrown.
 */
export const CUSTOM_LOGIN_PAGE = `import { AuthError } from "@create-auth/runtime";
import { redirect } from "next/navigation";
import { signIn } from "@/auth";

export default async function Login({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const { error } = await searchParams;
  return (
    <section>
      <h1>Sign in to Acme Notes</h1>
      {error ? <p role="alert">Sign-in failed ({error}). Check your email and password.</p> : null}
      <form
        action={async (formData: FormData) => {
          "use server";
          try {
            await signIn("credentials", formData);
          } catch (failure) {
            if (failure instanceof AuthError) redirect(\`/login?error=\${failure.type}\`);
            throw failure;
          }
        }}
      >
        <input name="email" type="email" aria-label="Email" required />
        <input name="password" type="password" aria-label="Password" required />
        <input name="redirectTo" type="hidden" value="/dashboard" />
        <button type="submit">Sign in</button>
      </form>
    </section>
  );
}
`;

/**
 * Server actions that sign in and out with `redirect: false`: they resolve with the URL instead of
 * redirecting, and hand it back to the page that called them.
 */
export const NO_REDIRECT_ACTIONS = `"use server";
import { signIn, signOut } from "@/auth";

export async function signInInPlace(_previous: string, formData: FormData): Promise<string> {
  return signIn("credentials", {
    email: String(formData.get("email") ?? ""),
    password: String(formData.get("password") ?? ""),
    redirectTo: "/dashboard",
    redirect: false,
  });
}

export async function signOutInPlace(): Promise<string> {
  return signOut({ redirectTo: "/", redirect: false });
}
`;

/** A page that stays put while those actions run, showing the URL each returned and a link to follow it. */
export const NO_REDIRECT_PAGE = `"use client";
import { useActionState } from "react";
import { signInInPlace, signOutInPlace } from "./actions";

export default function Quick() {
  const [signedInUrl, signInAction] = useActionState(signInInPlace, "");
  const [signedOutUrl, signOutAction] = useActionState(signOutInPlace, "");
  return (
    <section>
      <h1>Quick sign-in</h1>
      <form action={signInAction}>
        <input name="email" type="email" aria-label="Email" required />
        <input name="password" type="password" aria-label="Password" required />
        <button type="submit">Sign in here</button>
      </form>
      {signedInUrl ? (
        <p>
          Signed in, next: <a data-testid="signed-in-url" href={signedInUrl}>{signedInUrl}</a>
        </p>
      ) : null}
      <form action={signOutAction}>
        <button type="submit">Sign out here</button>
      </form>
      {signedOutUrl ? <output data-testid="signed-out-url">{signedOutUrl}</output> : null}
    </section>
  );
}
`;

/**
 * Sets `KEY=value` for each entry: fills the blank line the CLI left for a key, or appends the key.
 * Other lines (comments, the generated secret, the app's own settings) stay byte for byte.
 */
export function fillEnv(text, values) {
  let result = text;
  for (const [key, value] of Object.entries(values)) {
    const line = new RegExp(`^${key}=.*$`, "m");
    if (line.test(result)) result = result.replace(line, () => `${key}=${value}`);
    else result = `${result}${result === "" || result.endsWith("\n") ? "" : "\n"}${key}=${value}\n`;
  }
  return result;
}

/**
 * Applies the edits to an initialised app. `appUrl` is where it will be served: it replaces the AUTH_URL
 * that init wrote for the default port, since the test picks a free one.
 */
export async function applyUserEdits(dir, { appUrl, oidc }) {
  const authFile = path.join(dir, "auth.ts");
  await fs.writeFile(authFile, allowNameUpdates(addDemoUser(await fs.readFile(authFile, "utf8"))));
  await fs.writeFile(path.join(dir, "app", "dashboard", "page.tsx"), PROTECTED_DASHBOARD);
  await fs.mkdir(path.join(dir, "app", "login"), { recursive: true });
  await fs.writeFile(path.join(dir, "app", "login", "page.tsx"), CUSTOM_LOGIN_PAGE);
  await fs.mkdir(path.join(dir, "app", "quick"), { recursive: true });
  await fs.writeFile(path.join(dir, "app", "quick", "actions.ts"), NO_REDIRECT_ACTIONS);
  await fs.writeFile(path.join(dir, "app", "quick", "page.tsx"), NO_REDIRECT_PAGE);
  const envFile = path.join(dir, ".env.local");
  const env = await fs.readFile(envFile, "utf8");
  await fs.writeFile(
    envFile,
    fillEnv(env, {
      AUTH_URL: appUrl,
      AUTH_OIDC_ID: oidc.clientId,
      AUTH_OIDC_SECRET: oidc.clientSecret,
      AUTH_OIDC_ISSUER: oidc.issuer,
    }),
  );
}

// ─── The other Next layouts (next-16-src, next-15-app, next-16-pages) ─────────────────────────────────

/** A dashboard protected by the proxy / middleware, not by itself: it shows who is signed in and a way out. */
export const SESSION_DASHBOARD = `import { auth, signOut } from "@/auth";

export default async function Dashboard() {
  const session = await auth();
  return (
    <section>
      <h1>Dashboard</h1>
      <p>
        Signed in as <strong data-testid="user-name">{session?.user?.name}</strong> (
        <span data-testid="user-email">{session?.user?.email}</span>)
      </p>
      <form
        action={async () => {
          "use server";
          await signOut({ redirectTo: "/" });
        }}
      >
        <button type="submit">Sign out</button>
      </form>
    </section>
  );
}
`;

/** Who is signed in, as JSON, from a route handler wrapped with `auth(handler)` (`request.auth`). */
export const ME_ROUTE = `import { auth } from "@/auth";

export const GET = auth((request) => Response.json({ user: request.auth?.user ?? null }));
`;

/** The same from a Pages Router API route, through `auth(req, res)`. */
export const PAGES_ME_ROUTE = `import type { NextApiRequest, NextApiResponse } from "next";
import { auth } from "@/auth";

export default async function me(req: NextApiRequest, res: NextApiResponse) {
  const session = await auth(req, res);
  res.status(200).json({ user: session?.user ?? null });
}
`;

/** The Pages Router team page after the user protects it in getServerSideProps with `auth(context)`. */
export const PAGES_TEAM = `import type { GetServerSideProps } from "next";
import { auth } from "@/auth";

// Meant for signed-in staff only: on-call rota and internal contacts.
interface TeamProps {
  name: string;
  email: string;
  rota: { week: string; person: string }[];
}

export const getServerSideProps: GetServerSideProps<TeamProps> = async (context) => {
  const session = await auth(context);
  if (!session?.user) {
    return { redirect: { destination: "/api/auth/signin?callbackUrl=%2Fteam", permanent: false } };
  }
  return {
    props: {
      name: session.user.name ?? "",
      email: session.user.email ?? "",
      rota: [{ week: "47", person: "Grace" }, { week: "48", person: "Alan" }],
    },
  };
};

export default function Team({ name, email, rota }: TeamProps) {
  return (
    <section>
      <h1>Team pages</h1>
      <p>
        Signed in as <strong data-testid="user-name">{name}</strong> (<span data-testid="user-email">{email}</span>)
      </p>
      <a href="/api/auth/signout">Sign out</a>
      <ul>
        {rota.map((entry) => (
          <li key={entry.week}>
            Week {entry.week}: {entry.person}
          </li>
        ))}
      </ul>
    </section>
  );
}
`;

const NEXT_AUTH_OPEN = /= NextAuth\(\{\n/;

/** Protects `prefix` through the `authorized` callback: what a proxy that wraps the app's own one needs. */
export function protectWithAuthorized(source, prefix) {
  if (!NEXT_AUTH_OPEN.test(source)) throw new Error("the auth module has no `= NextAuth({` line");
  const callback = [
    "  callbacks: {",
    "    authorized({ auth: session, request }) {",
    `      return !new URL(request.url).pathname.startsWith(${JSON.stringify(prefix)}) || Boolean(session?.user);`,
    "    },",
    "  },",
  ].join("\n");
  return source.replace(NEXT_AUTH_OPEN, (open) => `${open}${callback}\n`);
}

/** Replaces the generated empty matcher with the paths to protect. */
export function setMatcher(source, paths) {
  if (!/^ {2}matcher: \[\],$/m.test(source)) throw new Error("the middleware has no empty `matcher: [],` line");
  return source.replace(/^ {2}matcher: \[\],$/m, () => `  matcher: ${JSON.stringify(paths)},`);
}

async function edit(file, change) {
  await fs.writeFile(file, change(await fs.readFile(file, "utf8")));
}

async function write(file, content) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

async function fillOidcEnv(dir, { appUrl, oidc }) {
  await edit(path.join(dir, ".env.local"), (env) =>
    fillEnv(env, {
      AUTH_URL: appUrl,
      AUTH_OIDC_ID: oidc.clientId,
      AUTH_OIDC_SECRET: oidc.clientSecret,
      AUTH_OIDC_ISSUER: oidc.issuer,
    }),
  );
}

/** next-16-src: its own proxy now wraps auth; the user protects /dashboard with the authorized callback. */
export async function editNext16Src(dir, options) {
  await edit(path.join(dir, "src", "auth.ts"), (source) => protectWithAuthorized(addDemoUser(source), "/dashboard"));
  await write(path.join(dir, "src", "app", "dashboard", "page.tsx"), SESSION_DASHBOARD);
  await fillOidcEnv(dir, options);
}

/** next-15-app: the generated middleware.ts protects /dashboard once the user lists it; /api/me uses auth(handler). */
export async function editNext15App(dir, options) {
  await edit(path.join(dir, "auth.ts"), (source) => addDemoUser(source));
  await edit(path.join(dir, "middleware.ts"), (source) => setMatcher(source, ["/dashboard/:path*"]));
  await write(path.join(dir, "app", "dashboard", "page.tsx"), SESSION_DASHBOARD);
  await write(path.join(dir, "app", "api", "me", "route.ts"), ME_ROUTE);
  await fillOidcEnv(dir, options);
}

/** next-16-pages: /team checks the session in getServerSideProps; /api/me uses auth(req, res). */
export async function editNext16Pages(dir, options) {
  await edit(path.join(dir, "auth.ts"), (source) => addDemoUser(source));
  await write(path.join(dir, "pages", "team.tsx"), PAGES_TEAM);
  await write(path.join(dir, "pages", "api", "me.ts"), PAGES_ME_ROUTE);
  await fillOidcEnv(dir, options);
}
