/**
 * The public types users write against, pinned: the `jwt` callback's parameters per trigger, the catalog
 * factories' profile types, what `auth()` answers in each integration, the adapter contract and the errors'
 * `type` union. These are type assertions: `tsc -p tsconfig.json` (npm run typecheck) fails on a wrong type,
 * and public-types-compile.test.ts runs the compiler over this file inside the unit project, so a type
 * regression fails `vitest run` too.
 */

import type { Loader } from "@builder.io/qwik-city";
import type { APIContext, AstroGlobal, MiddlewareHandler } from "astro";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { describe, expectTypeOf, it } from "vitest";
import type { AstroAuth, AstroAuthConfig } from "../../../src/runtime/astro.js";
import type { AuthError, ErrorType } from "../../../src/runtime/errors.js";
import type { ExpressAuthConfig, getSession as expressGetSession } from "../../../src/runtime/express.js";
import type { FastifyAuthConfig } from "../../../src/runtime/fastify.js";
import type { NextAuthResult, PagesContext } from "../../../src/runtime/next.js";
import Apple, { type AppleProfile } from "../../../src/runtime/providers/apple.js";
import Credentials from "../../../src/runtime/providers/credentials.js";
import Dropbox, { type DropboxProfile } from "../../../src/runtime/providers/dropbox.js";
import GitHub, { type GitHubProfile } from "../../../src/runtime/providers/github.js";
import Google, { type GoogleProfile } from "../../../src/runtime/providers/google.js";
import LinkedIn, { type LinkedInProfile } from "../../../src/runtime/providers/linkedin.js";
import OAuth from "../../../src/runtime/providers/oauth.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import type { QwikAuthResult } from "../../../src/runtime/qwik/auth.qwik.js";
import type { getSession as solidGetSession } from "../../../src/runtime/solid-start.js";
import type { SvelteKitAuthResult } from "../../../src/runtime/sveltekit.js";
import type {
  Account,
  Adapter,
  AdapterAccount,
  AdapterSession,
  AdapterUser,
  AuthConfig,
  Awaitable,
  JWT,
  JWTCallbackParams,
  OAuthConfig,
  Profile,
  Provider,
  Session,
  SessionCallbackParams,
  User,
} from "../../../src/runtime/types.js";

describe("the jwt callback's parameters, by trigger", () => {
  it("at sign-in and sign-up: the user, the account (always one) and maybe the profile", () => {
    const jwt = (params: JWTCallbackParams): JWT => {
      if (params.trigger === "signIn" || params.trigger === "signUp") {
        expectTypeOf(params.user).toEqualTypeOf<User | AdapterUser>();
        expectTypeOf(params.account).toEqualTypeOf<Account>();
        expectTypeOf(params.profile).toEqualTypeOf<Profile | undefined>();
        expectTypeOf(params.session).toEqualTypeOf<undefined>();
      }
      return params.token;
    };
    expectTypeOf(jwt).toExtend<NonNullable<NonNullable<AuthConfig["callbacks"]>["jwt"]>>();
  });

  it("on an update: the client's data as `session`, untrusted (unknown), and no user or account", () => {
    const jwt = (params: JWTCallbackParams): JWT => {
      if (params.trigger === "update") {
        expectTypeOf(params.session).toEqualTypeOf<unknown>();
        expectTypeOf(params.user).toEqualTypeOf<undefined>();
        expectTypeOf(params.account).toEqualTypeOf<undefined>();
      }
      return params.token;
    };
    expectTypeOf(jwt).toExtend<NonNullable<NonNullable<AuthConfig["callbacks"]>["jwt"]>>();
  });

  it("on a read (no trigger): only the token", () => {
    const jwt = (params: JWTCallbackParams): JWT => {
      if (params.trigger === undefined) {
        expectTypeOf(params.token).toEqualTypeOf<JWT>();
        expectTypeOf(params.user).toEqualTypeOf<undefined>();
        expectTypeOf(params.account).toEqualTypeOf<undefined>();
        expectTypeOf(params.profile).toEqualTypeOf<undefined>();
      }
      return params.token;
    };
    expectTypeOf(jwt).toExtend<NonNullable<NonNullable<AuthConfig["callbacks"]>["jwt"]>>();
  });

  it("narrows a destructured `account` by truthiness, as the refresh-token recipe writes it", () => {
    const callbacks: AuthConfig["callbacks"] = {
      jwt({ token, account }) {
        if (account) expectTypeOf(account).toEqualTypeOf<Account>();
        return token;
      },
    };
    expectTypeOf(callbacks).not.toBeUndefined();
  });
});

describe("the session callback's parameters, by strategy", () => {
  it("jwt strategy: the token; database strategy: the stored user, and the client's data on an update", () => {
    const session = (params: SessionCallbackParams): Session => {
      if (params.token) {
        expectTypeOf(params.token).toEqualTypeOf<JWT>();
        expectTypeOf(params.user).toEqualTypeOf<undefined>();
      } else {
        expectTypeOf(params.user).toEqualTypeOf<AdapterUser>();
        if (params.trigger === "update") expectTypeOf(params.newSession).toEqualTypeOf<unknown>();
      }
      return params.session;
    };
    expectTypeOf(session).toExtend<NonNullable<NonNullable<AuthConfig["callbacks"]>["session"]>>();
  });
});

describe("catalog providers carry their profile type", () => {
  it("each factory returns an OAuthConfig of its own profile", () => {
    expectTypeOf(GitHub()).toEqualTypeOf<OAuthConfig<GitHubProfile>>();
    expectTypeOf(Google()).toEqualTypeOf<OAuthConfig<GoogleProfile>>();
    expectTypeOf(Apple()).toEqualTypeOf<OAuthConfig<AppleProfile>>();
    expectTypeOf(Dropbox()).toEqualTypeOf<OAuthConfig<DropboxProfile>>();
    expectTypeOf(LinkedIn()).toEqualTypeOf<OAuthConfig<LinkedInProfile>>();
    expectTypeOf(OIDC()).toEqualTypeOf<OAuthConfig<Profile>>();
    expectTypeOf(OAuth()).toEqualTypeOf<OAuthConfig<Profile>>();
  });

  it("a custom `profile` mapping is typed with the provider's fields", () => {
    GitHub({
      profile(profile) {
        expectTypeOf(profile).toEqualTypeOf<GitHubProfile>();
        expectTypeOf(profile.id).toEqualTypeOf<number>();
        return { id: String(profile.id), name: profile.login };
      },
    });
    Google({
      profile(profile) {
        expectTypeOf(profile.email_verified).toEqualTypeOf<boolean>();
        return { id: profile.sub };
      },
    });
    OIDC({
      profile(profile) {
        expectTypeOf(profile).toEqualTypeOf<Profile>();
        return { id: profile.sub ?? undefined };
      },
    });
  });

  it("`providers` takes every factory, called or not, and types an inline provider's profile as Profile", () => {
    const providers: AuthConfig["providers"] = [
      GitHub,
      Google(),
      Dropbox,
      LinkedIn(),
      Credentials({ credentials: {}, authorize: () => null }),
      {
        id: "acme",
        name: "Acme",
        type: "oidc",
        issuer: "https://sso.acme.test",
        profile(profile) {
          expectTypeOf(profile).toEqualTypeOf<Profile>();
          return { id: profile.sub ?? undefined };
        },
      },
    ];
    expectTypeOf(providers).toExtend<Array<Provider | ((options?: never) => Provider)>>();
  });

  it("a bare OAuthConfig is any OAuth provider: every catalog provider is one", () => {
    expectTypeOf(GitHub()).toExtend<OAuthConfig>();
    expectTypeOf(Dropbox()).toExtend<OAuthConfig>();
    expectTypeOf(LinkedIn()).toExtend<OAuthConfig>();
  });
});

describe("what auth() answers in each integration", () => {
  it("Next.js: auth() in a server component, and auth(context) in getServerSideProps", () => {
    // Never run: their return types are what is asserted (auth is overloaded, so ReturnType cannot pick one).
    const inServerComponent = (auth: NextAuthResult["auth"]) => auth();
    const inGetServerSideProps = (auth: NextAuthResult["auth"], context: PagesContext) => auth(context);
    expectTypeOf(inServerComponent).returns.toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf(inGetServerSideProps).returns.toEqualTypeOf<Promise<Session | null>>();
  });

  it("SvelteKit: event.locals.auth()", () => {
    expectTypeOf<ReturnType<App.Locals["auth"]>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<SvelteKitAuthResult["signIn"]>().returns.toEqualTypeOf<Promise<never>>();
  });

  it("Express and SolidStart: getSession(request, config)", () => {
    expectTypeOf<ReturnType<typeof expressGetSession>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<ReturnType<typeof solidGetSession>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<ExpressAuthConfig>().not.toHaveProperty("raw");
  });

  it("Fastify: request.getSession(), the requireAuth hook, reply.signIn() and reply.signOut()", () => {
    expectTypeOf<ReturnType<FastifyRequest["getSession"]>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<FastifyInstance["requireAuth"]>().parameters.toEqualTypeOf<[FastifyRequest, FastifyReply]>();
    expectTypeOf<ReturnType<FastifyReply["signIn"]>>().toEqualTypeOf<Promise<FastifyReply>>();
    expectTypeOf<ReturnType<FastifyReply["signOut"]>>().toEqualTypeOf<Promise<FastifyReply>>();
    expectTypeOf<FastifyAuthConfig>().not.toHaveProperty("raw");
  });

  it("Astro: getSession(Astro | context), requireSession, the middleware, the route's GET and POST", () => {
    expectTypeOf<AstroGlobal>().toExtend<Parameters<AstroAuth["getSession"]>[0]>();
    expectTypeOf<APIContext>().toExtend<Parameters<AstroAuth["requireSession"]>[0]>();
    expectTypeOf<ReturnType<AstroAuth["getSession"]>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<ReturnType<AstroAuth["requireSession"]>>().toEqualTypeOf<Promise<Session | Response>>();
    expectTypeOf<AstroAuth["middleware"]>().toEqualTypeOf<MiddlewareHandler>();
    expectTypeOf<ReturnType<AstroAuth["POST"]>>().toEqualTypeOf<Promise<Response>>();
    expectTypeOf<AstroAuthConfig>().not.toHaveProperty("raw");
  });

  it("Qwik City: the useSession loader", () => {
    expectTypeOf<QwikAuthResult["useSession"]>().toEqualTypeOf<Loader<Session | null>>();
  });
});

describe("the adapter contract", () => {
  it("has every method optional, with the records the core reads", () => {
    expectTypeOf<Adapter>().toEqualTypeOf<Partial<Adapter>>();
    expectTypeOf<NonNullable<Adapter["getUserByEmail"]>>().returns.toEqualTypeOf<Awaitable<AdapterUser | null>>();
    expectTypeOf<NonNullable<Adapter["getSessionAndUser"]>>().returns.toEqualTypeOf<
      Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
    >();
    expectTypeOf<NonNullable<Adapter["linkAccount"]>>().parameter(0).toEqualTypeOf<AdapterAccount>();
  });

  it("stores users without an address: AdapterUser.email is string | null", () => {
    expectTypeOf<AdapterUser["email"]>().toEqualTypeOf<string | null>();
  });
});

describe("errors", () => {
  it("carry a `type` from one closed union", () => {
    expectTypeOf<AuthError["type"]>().toEqualTypeOf<ErrorType>();
    expectTypeOf<"JWTSessionError">().toExtend<ErrorType>();
    expectTypeOf<"AdapterError">().toExtend<ErrorType>();
    expectTypeOf<"Configuration">().not.toExtend<ErrorType>();
  });
});
