// Next 16, App Router under src/, whose own proxy.ts init wrapped with auth: the app's proxy still tags
// every response, and the authorized callback the user wrote sends signed-out visitors of /dashboard to sign in.
import { expect } from "vitest";
import { editNext16Src } from "../support/user-edits.mjs";
import { describeNextLayout, signOutWithButton } from "./next-stories.js";

describeNextLayout({
  fixture: "next-16-src",
  protectedPath: "/dashboard",
  edits: editNext16Src,
  signOut: signOutWithButton,
  async extra(appUrl) {
    const home = await fetch(`${appUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("x-acme-release")).toBe("2026.11");
  },
});
