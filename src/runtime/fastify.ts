/**
 * Fastify integration (Fastify 5): `FastifyAuth(config)` is a plugin serving the auth actions under the prefix
 * it is registered with, `app.register(FastifyAuth(config), { prefix: "/auth" })`, and giving the app's own
 * routes the four verbs: `request.getSession()`, the `app.requireAuth` guard, and `reply.signIn()` /
 * `reply.signOut()`. A translation layer only: every auth decision is the core's.
 *
 * Encapsulation: the decorators land where the plugin is registered (as a plugin wrapped in fastify-plugin
 * would), so the routes of that context and its children see them. The auth routes live in a child context of
 * their own, whose content-type parsing is the core's alone: it reads form and JSON bodies itself, under its
 * own limits (core/body.ts), so no `@fastify/formbody` is needed and the app's parsers are left as they are.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AUTH_ACTIONS } from "./core/actions/paths.js";
import { Auth } from "./core/auth.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { envUrlPath, mountedConfig } from "./core/server/mount-defaults.js";
import { sendResponse, toWebRequest } from "./fastify/messages.js";
import {
  type FastifySignInOptions,
  type FastifySignOutOptions,
  guard,
  readRequestSession,
  signIn,
  signOut,
} from "./fastify/verbs.js";
import type { Session } from "./types.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export { MalformedRequest } from "./fastify/messages.js";
export type { FastifySignInOptions, FastifySignOutOptions } from "./fastify/verbs.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

/** The configuration accepted by `FastifyAuth`: the core's, minus the `raw` marker. */
export type FastifyAuthConfig = IntegrationConfig;

/** The guard, as a `preHandler` (or `onRequest`) hook: `{ preHandler: app.requireAuth }`. */
export type FastifyRequireAuth = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The session of the request's user, or `null` (fail closed). Read once per request; a rolled JWT or a
     * cleared cookie is written back on the reply.
     */
    getSession(): Promise<Session | null>;
  }
  interface FastifyReply {
    /** Signs in server-side (credentials: `{ email, password }`), then redirects where the core decided. */
    signIn(providerId?: string, options?: FastifySignInOptions): Promise<FastifyReply>;
    /** Ends the session, then redirects to `redirectTo`. */
    signOut(options?: FastifySignOutOptions): Promise<FastifyReply>;
  }
  interface FastifyInstance {
    /** Lets a signed-in request through; redirects a page to sign-in and answers an API request 401. */
    requireAuth: FastifyRequireAuth;
  }
}

/** The plugin's own options, besides Fastify's: only the `prefix` (its base path). */
export interface FastifyAuthOptions {
  prefix?: string;
}

/** `prefix` as one leading slash and no trailing one; "" for the root. */
function cleanPrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}` : "";
}

/** The session promise of each request, so a guard and the route (or two reads) read it once. */
const sessions = new WeakMap<FastifyRequest, Promise<Session | null>>();
/** The reply of each request, for the session read to write a rolled cookie back on. */
const replies = new WeakMap<FastifyRequest, FastifyReply>();

/**
 * The plugin. Without a `prefix`, the config's `basePath`, else AUTH_URL's path, else `/auth` is the prefix.
 * Register it once per context; a second registration in the same context is Fastify's duplicate-decorator
 * error.
 */
export function FastifyAuth(config: FastifyAuthConfig): FastifyPluginAsync<FastifyAuthOptions> {
  let basePath: string | undefined;
  // The base path is the child context's full prefix, known once the routes are registered (before any request).
  const prepared = () => mountedConfig(config, basePath, process.env);

  async function routes(child: FastifyInstance): Promise<void> {
    basePath = child.prefix || "/";
    // The core reads every body itself (form, JSON, anything else it refuses), from the unread payload stream.
    child.removeAllContentTypeParsers();
    child.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    const handler = async (request: FastifyRequest, reply: FastifyReply) =>
      sendResponse(reply, await Auth(await toWebRequest(request), prepared()));
    // One route per action: any other path under the prefix stays the app's (or its 404).
    for (const action of AUTH_ACTIONS) {
      for (const url of [`/${action}`, `/${action}/*`]) {
        child.route({ method: ["GET", "POST"], url, exposeHeadRoute: false, handler });
      }
    }
  }

  const plugin: FastifyPluginAsync<FastifyAuthOptions> = async (instance, options) => {
    const prefix = cleanPrefix(options.prefix ?? (config.basePath || envUrlPath(process.env) || "/auth"));
    instance.addHook("onRequest", async (request, reply) => {
      replies.set(request, reply);
    });
    instance.decorateRequest("getSession", function (this: FastifyRequest) {
      let read = sessions.get(this);
      if (!read) {
        read = readRequestSession(prepared, this, replies.get(this));
        sessions.set(this, read);
      }
      return read;
    });
    instance.decorate("requireAuth", async (request: FastifyRequest, reply: FastifyReply) => {
      const decision = await guard(prepared, request, reply);
      if ("answered" in decision) return decision.answered;
      sessions.set(request, Promise.resolve(decision.session));
      return undefined;
    });
    instance.decorateReply(
      "signIn",
      function (this: FastifyReply, providerId?: string, options?: FastifySignInOptions) {
        return signIn(prepared, this, providerId, options ?? {});
      },
    );
    instance.decorateReply("signOut", function (this: FastifyReply, options?: FastifySignOutOptions) {
      return signOut(prepared, this, options ?? {});
    });
    await instance.register(routes, { prefix });
  };
  // Not encapsulated (fastify-plugin's marker): the decorators are the registering context's. The routes are not.
  return Object.assign(plugin, {
    [Symbol.for("skip-override")]: true,
    [Symbol.for("fastify.display-name")]: "create-auth",
  });
}
