/**
 * The hosts whose cold start the start-up bench times (issue 26, point 5): for each, the framework's own
 * modules an app loads anyway (the baseline), and what the auth module `init` writes for a JWT + GitHub app
 * adds: our integration, built with its config as the app builds it at start-up. The peers that have a
 * package for the host are timed beside ours. Adding a host is one entry here.
 */

/** The config every side is given: a secret and GitHub. */
export const SECRET = "benchmark-secret-with-more-than-thirty-two-characters";
export const GITHUB = { clientId: "id", clientSecret: "secret" };

export const HOSTS = {
  express: {
    name: "Express 5",
    framework: () => import("express"),
    ours: async (load, providers) => (await load("express.js")).ExpressAuth({ secret: SECRET, providers }),
    peers: {
      "@auth/express": async () => {
        const { ExpressAuth } = await import("@auth/express");
        const { default: GitHub } = await import("@auth/express/providers/github");
        ExpressAuth({ secret: SECRET, providers: [GitHub(GITHUB)] });
      },
    },
  },
  hono: {
    name: "Hono 4",
    framework: () => import("hono"),
    ours: async (load, providers) => (await load("hono.js")).HonoAuth({ secret: SECRET, providers }),
    peers: {},
  },
  fastify: {
    name: "Fastify 5",
    framework: () => import("fastify"),
    ours: async (load, providers) => (await load("fastify.js")).FastifyAuth({ secret: SECRET, providers }),
    peers: {},
  },
  "react-router": {
    name: "React Router 7",
    framework: () => import("react-router"),
    ours: async (load, providers) => (await load("react-router.js")).ReactRouterAuth({ secret: SECRET, providers }),
    peers: {},
  },
  astro: {
    name: "Astro 7",
    // What the Node adapter's server loads of Astro (its production build bundles the rest with the app).
    framework: () => import("astro/app/node"),
    ours: async (load, providers) => (await load("astro.js")).AstroAuth({ secret: SECRET, providers }),
    peers: {},
  },
  nuxt: {
    // Nitro 2's server layer stands in for Nuxt, which this repository does not install.
    name: "h3 1 (Nuxt 4's server)",
    framework: () => import("h3"),
    ours: async (load, providers) => (await load("nuxt.js")).NuxtAuth({ secret: SECRET, providers }),
    peers: {},
  },
};
