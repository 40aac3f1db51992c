// The edits a person makes after `create-auth init`, as the next steps tell them to: plug a user into the
// credentials provider's `authorize`, protect the dashboard with `auth()` and give it sign-out and
// change-your-name forms (`signOut`, `unstable_update`), add their own sign-in page calling the `signIn` server action, and fill `.env.local` with their
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
export const PROTECTED_DASHBOARD = `import { redirect } from "next/navigation";
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
