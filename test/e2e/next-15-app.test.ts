// Next 15, App Router: init wrote middleware.ts (not proxy.ts); the user listed /dashboard in its matcher.
// /api/me answers through auth(handler).
import { editNext15App } from "../support/user-edits.mjs";
import { describeNextLayout, signOutWithButton } from "./next-stories.js";

describeNextLayout({
  fixture: "next-15-app",
  protectedPath: "/dashboard",
  edits: editNext15App,
  meRoute: "/api/me",
  signOut: signOutWithButton,
});
