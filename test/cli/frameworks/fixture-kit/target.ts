/**
 * Fixture Kit's target: the auth module (from templates/auth.hbs, beside this file), the edit that routes
 * /auth/ in the app's server with its undo, the database client's place, and the next steps. Data and pure
 * functions, as every target in src/cli/frameworks/<id>/target.ts.
 */
import type { Target } from "../../../../src/cli/frameworks/types.js";
import { providersTemplateData, readProcessEnv } from "../../../../src/cli/providers/template-data.js";
import { checkServerRoutesAuth } from "./doctor.js";
import { fixtureKitFacts } from "./facts.js";
import { routeAuth, unrouteAuth } from "./server-edit.js";

export const fixtureKitTarget: Target = {
  ...fixtureKitFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkServerRoutesAuth,
  layout: () => ({ router: null, routesDir: "src" }),
  ownedFiles: () => ["src/auth.ts"],
  init({ info, answers, render }) {
    return {
      auth: {
        path: "src/auth.ts",
        reason: "auth module (config, providers, handleAuth)",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            // The providers' entries (providers/templates/provider-entry.hbs) name the env file they read.
            envFile: info.envFile,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        done: (shape) => shape.exports.includes("handleAuth"),
      },
      database: { clientFile: "src/auth-db.ts", clientImport: "./auth-db", envSource: "process" },
      files: () => [
        {
          kind: "edit",
          path: "src/server.ts",
          reason: "route /auth/ to the auth module first",
          transform: routeAuth,
          undo: unrouteAuth,
        },
      ],
      env: { productionHint: "In production also set AUTH_URL to the app's public URL." },
      nextSteps: ["Start the server, then open http://localhost:4000/auth/signin"],
    };
  },
};
