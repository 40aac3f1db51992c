// The edits of a person who uses the client helpers in the initialised Next app: on top of the usual ones
// (user-edits.mjs: demo user, name updates, .env.local), a /react page wrapped in `SessionProvider` whose
// client component shows the session from `useSession`, signs in with `signIn("credentials", { redirect:
// false })` or `signIn("oidc", …, { login_hint })`, renames the user with `update`, and signs out with
// `signOut({ redirect: false })`; a /react/server page handing `SessionProvider` the server's `auth()`
// session; a /react/poll page with `refetchInterval={1}`; and a /react/required page whose
// `useSession({ required: true })` sends a signed-out visitor to sign in. A second auth instance is served
// at /api/custom-auth (its own `basePath`) for the /react/custom-base page, whose provider names that path.
import fs from "node:fs/promises";
import path from "node:path";
import { applyUserEdits, DEMO_USER } from "./user-edits.mjs";

/** The page (a server component) that provides the session to its client components. */
export const REACT_PAGE = `import { SessionProvider } from "@create-auth/runtime/react";
import { Account } from "./account";

export default function ReactPage() {
  return (
    <SessionProvider>
      <h1>Account (client)</h1>
      <Account />
    </SessionProvider>
  );
}
`;

/** The client component: status, user, sign-in form, rename form, sign-out button. */
export const ACCOUNT_COMPONENT = `"use client";
import { signIn, signOut, useSession } from "@create-auth/runtime/react";
import { type FormEvent, useState } from "react";

export function Account() {
  const { data, status, update } = useSession();
  const [outcome, setOutcome] = useState("");

  async function onSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The second button signs in the default way: navigate to where the server answers.
    const navigate = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "navigate";
    const result = await signIn("credentials", {
      redirect: navigate,
      redirectTo: navigate ? "/dashboard" : undefined,
      email: form.get("email"),
      password: form.get("password"),
    });
    setOutcome(JSON.stringify(result ?? null));
  }

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    const session = await update({ user: { name } });
    setOutcome(JSON.stringify({ updated: session?.user?.name ?? null }));
  }

  return (
    <section>
      <p>
        Status: <span data-testid="status">{status}</span>
      </p>
      <p>
        User: <span data-testid="user-name">{data?.user?.name ?? ""}</span>{" "}
        <span data-testid="user-email">{data?.user?.email ?? ""}</span>
      </p>
      <form onSubmit={onSignIn}>
        <input name="email" type="email" aria-label="Email" />
        <input name="password" type="password" aria-label="Password" />
        <button type="submit">Sign in</button>
        <button type="submit" name="navigate">
          Open the dashboard signed in
        </button>
      </form>
      <button type="button" onClick={() => void signIn("oidc", { redirectTo: "/react" }, { login_hint: "ada" })}>
        Continue with the identity provider
      </button>
      <form onSubmit={onRename}>
        <input name="name" aria-label="Display name" />
        <button type="submit">Save name</button>
      </form>
      <button type="button" onClick={() => void signOut({ redirect: false })}>
        Sign out
      </button>
      <button type="button" onClick={() => void signOut({ redirectTo: "/" })}>
        End the session and go home
      </button>
      <output data-testid="outcome">{outcome}</output>
    </section>
  );
}
`;

/** The same client component, polling: the session is re-read every second (and not on focus). */
export const POLLING_PAGE = `import { SessionProvider } from "@create-auth/runtime/react";
import { Account } from "../account";

export default function PollingPage() {
  return (
    <SessionProvider refetchInterval={1} refetchOnWindowFocus={false}>
      <Account />
    </SessionProvider>
  );
}
`;

/** A page only for signed-in users, enforced on the client by \`useSession({ required: true })\`. */
export const REQUIRED_PAGE = `import { SessionProvider } from "@create-auth/runtime/react";
import { Members } from "./members";

export default function RequiredPage() {
  return (
    <SessionProvider>
      <Members />
    </SessionProvider>
  );
}
`;

export const MEMBERS_COMPONENT = `"use client";
import { useSession } from "@create-auth/runtime/react";

export function Members() {
  const { data, status } = useSession({ required: true });
  return (
    <p>
      Members only: <span data-testid="status">{status}</span> {data?.user?.name}
    </p>
  );
}
`;

/** The same client component, given the session the server already has: the first paint is not "loading". */
export const SERVER_SESSION_PAGE = `import { SessionProvider } from "@create-auth/runtime/react";
import { auth } from "@/auth";
import { Account } from "../account";

export default async function ServerSessionPage() {
  const session = await auth();
  return (
    <SessionProvider session={session}>
      <Account />
    </SessionProvider>
  );
}
`;

/** The base path of the second auth instance: the app serves its auth routes there too. */
export const CUSTOM_BASE_PATH = "/api/custom-auth";

/**
 * A second auth instance with its own \`basePath\` (as an app whose auth routes are not under /api/auth
 * would have), accepting the demo user, compared in constant time as in auth.ts.
 */
export const CUSTOM_AUTH_MODULE = `import { createHash, timingSafeEqual } from "node:crypto";
import NextAuth from "@create-auth/runtime/next";
import Credentials from "@create-auth/runtime/providers/credentials";

const digest = (value: unknown) => createHash("sha256").update(String(value ?? "")).digest();

export const { handlers } = NextAuth({
  basePath: ${JSON.stringify(CUSTOM_BASE_PATH)},
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const emailMatches = timingSafeEqual(digest(credentials.email), digest(${JSON.stringify(DEMO_USER.email)}));
        const passwordMatches = timingSafeEqual(digest(credentials.password), digest(${JSON.stringify(DEMO_USER.password)}));
        if (!emailMatches || !passwordMatches) return null;
        return { id: ${JSON.stringify(DEMO_USER.id)}, name: ${JSON.stringify(DEMO_USER.name)}, email: ${JSON.stringify(DEMO_USER.email)} };
      },
    }),
  ],
});
`;

export const CUSTOM_AUTH_ROUTE = `import { handlers } from "@/custom-auth";

export const { GET, POST } = handlers;
`;

/** The account component under a provider pointed at the second instance: every call goes there. */
export const CUSTOM_BASE_PAGE = `import { SessionProvider } from "@create-auth/runtime/react";
import { Account } from "../account";

export default function CustomBasePage() {
  return (
    <SessionProvider basePath=${JSON.stringify(CUSTOM_BASE_PATH)}>
      <Account />
    </SessionProvider>
  );
}
`;

async function write(file, content) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

/** The usual edits, then the client-helper pages. */
export async function applyReactEdits(dir, options) {
  await applyUserEdits(dir, options);
  await write(path.join(dir, "app", "react", "page.tsx"), REACT_PAGE);
  await write(path.join(dir, "app", "react", "account.tsx"), ACCOUNT_COMPONENT);
  await write(path.join(dir, "app", "react", "server", "page.tsx"), SERVER_SESSION_PAGE);
  await write(path.join(dir, "app", "react", "poll", "page.tsx"), POLLING_PAGE);
  await write(path.join(dir, "app", "react", "required", "page.tsx"), REQUIRED_PAGE);
  await write(path.join(dir, "app", "react", "required", "members.tsx"), MEMBERS_COMPONENT);
  await write(path.join(dir, "custom-auth.ts"), CUSTOM_AUTH_MODULE);
  await write(
    path.join(dir, "app", ...CUSTOM_BASE_PATH.split("/").filter(Boolean), "[...nextauth]", "route.ts"),
    CUSTOM_AUTH_ROUTE,
  );
  await write(path.join(dir, "app", "react", "custom-base", "page.tsx"), CUSTOM_BASE_PAGE);
}
