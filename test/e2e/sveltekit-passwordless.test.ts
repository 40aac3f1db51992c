// The SvelteKit 2 fixture after `create-auth init --providers nodemailer,passkey --strategy database --db
// sqlite`: installed (nodemailer, @simplewebauthn/server, better-sqlite3 came with init), `vite build`,
// started from adapter-node's output with EMAIL_SERVER pointing at a real smtp-server on loopback, then
// signed into from headless Chromium by a mailed link and by a passkey (support/passwordless-stories.ts).
// The person's only edits: the env values and a notes page that requires a session. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe } from "vitest";
import { PROTECTED_NOTES_LOAD, PROTECTED_NOTES_PAGE } from "../support/sveltekit-app.mjs";
import { passwordlessStories, pointAtMailRelay } from "./support/passwordless-stories.js";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("sveltekit-2", {
  label: "sveltekit-2 (passwordless)",
  providers: ["nodemailer", "passkey"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  // What the next steps ask of a person: the mail relay and sender, the public URL, a page to protect.
  edits: async (dir, context) => {
    await pointAtMailRelay(path.join(dir, ".env"), context);
    const notes = path.join(dir, "src", "routes", "notes");
    await fs.writeFile(path.join(notes, "+page.server.ts"), PROTECTED_NOTES_LOAD.replace("LIB/", "$lib/"));
    await fs.writeFile(path.join(notes, "+page.svelte"), PROTECTED_NOTES_PAGE);
  },
});

describe("SvelteKit 2 with email links and passkeys, database sessions in SQLite", () => {
  passwordlessStories(app, { protectedPath: "/notes" });
});
