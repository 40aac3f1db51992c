// Next 16, Pages Router: the endpoints are a Pages API route (pagesApiRoute); /team checks the session in
// getServerSideProps with auth(context); /api/me answers through auth(req, res); sign-out is the built-in page.
import { describe } from "vitest";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

const app = setupApp("next-16-pages");

describe("the initialised next-16-pages app", () => {
  signInStories(app, { protectedPath: "/team", meRoute: "/api/me", signOut: signOutThroughBuiltInPage() });
});
