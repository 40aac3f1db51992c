/**
 * Which signed-in user a sign-in adds its method to, if any: the one whose link intent this browser holds
 * (core/account/link-intent.ts, loaded only when a request carries one), or, for a provider that opts into
 * the reference's behaviour with `allowDangerousSessionLinking`, whoever is signed in. Everyone else who is
 * signed in plays no part: a planted session must not receive the victim's account or passkey.
 */
import type { ActionContext } from "../actions/context.js";
import type { InternalProvider } from "../internal.js";

/** Whether the request asks to start a link (`link=true` in the body or query, `link: true` in JSON). */
export function asksForLink({ request }: ActionContext): boolean {
  const value = request.rawBody?.link ?? request.query.link;
  return value === true || value === "true";
}

function linksToAnySession(provider: InternalProvider): boolean {
  return "allowDangerousSessionLinking" in provider && provider.allowDangerousSessionLinking === true;
}

function carriesLinkIntent({ request, options }: ActionContext): boolean {
  return Boolean(request.cookies[options.cookies.linkIntent.name]);
}

async function anySession(context: ActionContext, provider: InternalProvider): Promise<string | null> {
  if (!linksToAnySession(provider)) return null;
  return (await context.sessionStore.presented())?.userId ?? null;
}

/**
 * For a sign-in completing now: the user it links to, the intent spent (and its cookie cleared); a link that
 * was asked for and no longer holds refuses the sign-in (`AccountLinkRefused`). Null for a plain sign-in.
 */
export async function linkTarget(
  context: ActionContext,
  provider: InternalProvider,
  identityEmail: string | null,
): Promise<string | null> {
  if (carriesLinkIntent(context)) {
    const { takeLinkIntent } = await import("./link-intent.js");
    const intended = await takeLinkIntent(context, provider, identityEmail);
    if (intended) return intended;
  }
  return anySession(context, provider);
}

/** For a ceremony still under way (a passkey's options): the user it would link to, nothing spent. */
export async function pendingLinkTarget(context: ActionContext, provider: InternalProvider): Promise<string | null> {
  if (carriesLinkIntent(context)) {
    const { pendingLink } = await import("./link-intent.js");
    const intended = await pendingLink(context, provider);
    if (intended) return intended;
  }
  return anySession(context, provider);
}
