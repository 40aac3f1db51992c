/**
 * `QwikAuthQrl`: the Qwik City integration's hooks. This file holds Qwik's `$` calls (`globalAction$`,
 * `routeLoader$`, `validator$`), which only work once Qwik's optimizer has rewritten them into lazy
 * segments. The optimizer's vite plugin rewrites dependency files only when their name matches
 * `*.qwik.js`/`*.qwik.mjs`, hence this file's name (and the `qwik` field of the written package.json,
 * which keeps the package out of vite's pre-bundling and SSR externals). Everything else lives in plain
 * modules; server-only work is behind `isServer`, so the client bundle never carries the core.
 */
import type { QRL } from "@builder.io/qwik";
import { isServer } from "@builder.io/qwik/build";
import {
  globalAction$,
  type RequestEventAction,
  type RequestEventCommon,
  routeLoader$,
  validator$,
  z,
} from "@builder.io/qwik-city";
import { Auth } from "../core/auth.js";
import { yieldFrameHeaders } from "../core/response.js";
import { isAuthPath } from "../core/server/action-request.js";
import { sameOriginPath } from "../core/server/helper-destination.js";
import { oversizedBodyResponse } from "../core/server/oversized-body.js";
import { readSession } from "../core/server/session-read.js";
import type { Awaitable, Session } from "../types.js";
import { applyCookies } from "./cookies.js";
import { setEnvDefaults } from "./env.js";
import {
  type AuthRedirect,
  authPageOfClientData,
  incomingOf,
  isOwnActionPost,
  signInRedirect,
  signOutRedirect,
} from "./server.js";
import type {
  QwikAuthConfig,
  QwikAuthResult,
  SignInField,
  SignInInput,
  SignOutField,
  ValidationFailure,
} from "./types.js";

// The module that makes the hooks names what it returns (the public type tests read it from here too).
export type { QwikAuthResult } from "./types.js";

type ConfigQrl = QRL<(event: RequestEventCommon) => Awaitable<QwikAuthConfig>>;

/**
 * The app's configuration for this request, with the environment's defaults applied. Not
 * core/server/config-source.ts: a `$` segment may capture only serializable values (the QRL, not a closure made
 * around it), and a QRL config is a function anyway, called per request.
 */
async function resolveConfig(configQrl: ConfigQrl, event: RequestEventCommon): Promise<QwikAuthConfig> {
  const config = { ...(await configQrl(event)) };
  setEnvDefaults(event.env, config);
  return config;
}

/**
 * Same-origin destinations are thrown as paths: when `<Form>` posts the action with JavaScript (a q-data
 * request), Qwik City turns only a redirect starting with `/` into a client-side navigation; an absolute
 * URL there ends in a 404. A cross-origin one (an OAuth authorization URL) needs a full-page post
 * (`<Form reloadDocument>`): a script's fetch cannot follow a redirect to another origin.
 */
function redirectTo(event: RequestEventCommon, target: AuthRedirect): never {
  applyCookies(event.cookie, target.cookies);
  throw event.redirect(302, sameOriginPath(target.url, event.url));
}

/** zod's `flatten()` already has the spec's shape: one list of messages per field, plus form-level ones. */
function validate<Field extends string>(schema: z.ZodTypeAny, data: unknown) {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { success: true as const, data: parsed.data as Record<string, unknown> };
  const { fieldErrors, formErrors } = parsed.error.flatten() as Omit<ValidationFailure<Field>, "failed">;
  return { success: false as const, status: 400, error: { fieldErrors, formErrors } };
}

function signInSchema() {
  return z.object({
    providerId: z.string().optional(),
    redirectTo: z.string().optional(),
    options: z.object({ redirectTo: z.string().optional() }).passthrough().optional(),
    authorizationParams: z
      .union([z.string(), z.instanceof(URLSearchParams), z.record(z.string(), z.string())])
      .optional(),
  });
}

function signOutSchema() {
  return z.object({ redirectTo: z.string().optional() });
}

export function QwikAuthQrl(configQrl: ConfigQrl): QwikAuthResult {
  const useSignIn = globalAction$(
    async (input, event: RequestEventAction) => {
      const config = await resolveConfig(configQrl, event);
      return redirectTo(event, await signInRedirect(event, config, input as SignInInput));
    },
    validator$((_event, data) => validate<SignInField>(signInSchema(), data)),
  );

  const useSignOut = globalAction$(
    async (input, event: RequestEventAction) => {
      const config = await resolveConfig(configQrl, event);
      return redirectTo(event, await signOutRedirect(event, config, input as { redirectTo?: string }));
    },
    validator$((_event, data) => validate<SignOutField>(signOutSchema(), data)),
  );

  // Qwik City's own action ids (`action.__id`, the `?qaction=` it posts to): the bodies onRequest checks.
  const ownActionIds = [useSignIn, useSignOut].map((action) => (action as unknown as { __id: string }).__id);

  const useSession = routeLoader$((event) => (event.sharedMap.get("session") as Session | null | undefined) ?? null);

  async function onRequest(event: RequestEventCommon): Promise<void> {
    if (!isServer) return;
    const config = await resolveConfig(configQrl, event);
    // `event.url` has Qwik's `/q-data.json` suffix already removed; the request still carries it.
    const authPage = authPageOfClientData(new URL(event.request.url), config.basePath);
    // Sent as a finished Response: `event.redirect` would be rewritten by Qwik into yet another q-data URL.
    if (authPage) throw event.send(new Response(null, { status: 302, headers: { location: authPage } }));
    if (isAuthPath(event.url.pathname, config.basePath)) {
      // Qwik City copies the Response's Set-Cookie headers into its cookie jar as they are.
      // Qwik City appends the Response's headers to those the app set (a CSP plugin's onRequest): the app's
      // own framing policy is kept whole rather than sent beside the core's (core/response.ts).
      const response = await Auth(event.request, config);
      throw event.send(yieldFrameHeaders(response, (name) => event.headers.has(name)));
    }
    if (isOwnActionPost(event.request, ownActionIds)) {
      // Before Qwik City parses the action's body: one over the core's limits is answered here (413/400).
      const refused = await oversizedBodyResponse(event.request, config);
      if (refused) throw event.send(refused);
    }
    const { session, cookies } = await readSession(config, incomingOf(event));
    applyCookies(event.cookie, cookies);
    event.sharedMap.set("session", session);
  }

  return {
    onRequest,
    useSession,
    // The validators are plain functions (zod's safeParse behind validator$), so globalAction$ infers its input as
    // a generic record; QwikAuthResult names the input the schemas above accept (the spec's declared shape). Sound
    // because nothing reaches the action body that did not pass signInSchema / signOutSchema first.
    useSignIn: useSignIn as unknown as QwikAuthResult["useSignIn"],
    useSignOut: useSignOut as unknown as QwikAuthResult["useSignOut"],
  };
}
