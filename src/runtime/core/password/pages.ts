/**
 * The password provider's built-in pages, in the style of core/pages/*: sign-up, forgot-password,
 * reset-password (opened from the reset mail), verify-email (opened from the verification mail: the address
 * is proved by the link and the password together, so the person who chose the password and the owner of the
 * mailbox must be one) and change-password. Each is replaced by the app's own through `pages` (a 302 there,
 * the query kept). Every field has a label, errors are announced (`role="alert"`), and pages whose URL holds
 * a token send no Referer to anything they load or link.
 */
import type { ResponseInternal } from "../../types.js";
import type { ActionContext } from "../actions/context.js";
import { actionHref } from "../actions/paths.js";
import { pageUrl, withQuery } from "../errors.js";
import type { InternalPasswordProvider } from "../internal.js";
import { escapeHtml, layout } from "../pages/html.js";
import { html, NO_CACHE_HEADERS } from "../response.js";
import { PAGE_OPTION, type PasswordPageAction, signInHref } from "./answers.js";

const ERRORS: Record<string, string> = {
  InvalidEmail: "Enter one email address, like name@example.com.",
  WeakPassword: "Choose another password.",
  MissingCSRF: "The form expired. Please try again.",
  CredentialsSignin: "The current password is not correct.",
};

/** What each `reasons=` code asks of the person (password/policy.ts's reason codes). */
function reasonText(code: string, provider: InternalPasswordProvider): string | undefined {
  const minimum = provider.policy?.minLength ?? 15;
  const maximum = provider.policy?.maxLength ?? 128;
  const texts: Record<string, string> = {
    invalid: "Type the password as plain text.",
    "too-short": `Use at least ${minimum} characters. A few unrelated words make a good one.`,
    "too-long": `Use at most ${maximum} characters.`,
    common: "This password is too common.",
    repetitive: "This password repeats itself too much.",
    sequential: "This password is a sequence (like abcd or 1234).",
    "contains-context": "Leave your email address, your name and this site's name out of it.",
    breached: "This password has appeared in a data breach: choose one nobody has used.",
    "breach-check-unavailable": "This password could not be checked just now. Please try again.",
  };
  return Object.hasOwn(texts, code) ? texts[code] : undefined;
}

function errorBlock(query: Record<string, string>, provider: InternalPasswordProvider): string {
  const error = query.error;
  if (!error) return "";
  const message = Object.hasOwn(ERRORS, error) ? ERRORS[error]! : "Something went wrong. Please try again.";
  const reasons = (query.reasons ?? "")
    .split(",")
    .map((code) => reasonText(code, provider))
    .filter((text): text is string => text !== undefined);
  const list = reasons.length > 0 ? `<ul>${reasons.map((text) => `<li>${escapeHtml(text)}</li>`).join("")}</ul>` : "";
  return `<div class="error" role="alert"><p>${escapeHtml(message)}</p>${list}</div>`;
}

function hidden(name: string, value: string | undefined): string {
  return value ? `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">` : "";
}

function field(params: {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  hint?: string;
}): string {
  const { name, label, type, autocomplete, value, hint } = params;
  const id = `password-${name}`;
  const described = hint ? ` aria-describedby="${id}-hint"` : "";
  const hintText = hint ? `<small id="${id}-hint">${escapeHtml(hint)}</small>` : "";
  const valueAttribute = value !== undefined ? ` value="${escapeHtml(value)}" readonly` : "";
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${escapeHtml(name)}" type="${type}" autocomplete="${autocomplete}" required${valueAttribute}${described}>${hintText}`;
}

function form(action: string, inner: string, button: string, context: ActionContext): string {
  const { options } = context;
  return `<form action="${escapeHtml(action)}" method="POST">${hidden("csrfToken", options.csrfToken)}${hidden("callbackUrl", options.callbackUrl)}
${inner}
<button type="submit">${escapeHtml(button)}</button></form>`;
}

function link(href: string, text: string): string {
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>`;
}

function render(context: ActionContext, provider: InternalPasswordProvider, action: PasswordPageAction): string {
  const { options, request } = context;
  const { query } = request;
  const post = (to: string) => `${actionHref(options.url, to)}/${encodeURIComponent(provider.id)}`;
  const signIn = signInHref(context, new URLSearchParams());
  const forgot = actionHref(options.url, "forgot-password");
  const minimum = provider.policy?.minLength ?? 15;
  const newPassword = (name: string, label: string) =>
    field({ name, label, type: "password", autocomplete: "new-password", hint: `At least ${minimum} characters.` });
  const email = field({ name: "email", label: "Email", type: "email", autocomplete: "username" });
  const errors = errorBlock(query, provider);
  const page = (title: string, content: string) =>
    layout({ title, theme: options.theme, content: `<h1>${escapeHtml(title)}</h1>${errors}\n${content}` });
  const linkParts = query.token && query.email ? { token: query.token, email: query.email } : undefined;

  switch (action) {
    case "signup":
      return page(
        "Create an account",
        `${form(post("signup"), `${email}\n${newPassword("password", "Password")}`, "Create account", context)}
${link(signIn, "Already have an account? Sign in")}`,
      );
    case "forgot-password":
      return page(
        "Forgot your password?",
        `<p>We will email you a link to choose a new one.</p>
${form(post("forgot-password"), email, "Email me a link", context)}
${link(signIn, "Back to sign in")}`,
      );
    case "reset-password":
      if (!linkParts)
        return page(
          "Choose a new password",
          `<p>Open the link from the email we sent you.</p>${link(forgot, "Ask for a new link")}`,
        );
      return page(
        "Choose a new password",
        form(
          post("reset-password"),
          `${hidden("token", linkParts.token)}${hidden("email", linkParts.email)}${newPassword("password", "New password")}`,
          "Save and sign in",
          context,
        ),
      );
    case "verify-email":
      if (!linkParts) return page("Confirm your email address", `<p>Open the link from the email we sent you.</p>`);
      return page(
        "Confirm your email address",
        `<p>Enter your password to confirm this address and sign in.</p>
${form(
  provider.callbackUrl,
  `${hidden("token", linkParts.token)}${field({ name: "email", label: "Email", type: "email", autocomplete: "username", value: linkParts.email })}
${field({ name: "password", label: "Password", type: "password", autocomplete: "current-password" })}`,
  "Confirm and sign in",
  context,
)}
${link(forgot, "Forgot your password?")}`,
      );
    case "change-password":
      return page(
        "Change your password",
        form(
          post("change-password"),
          `${field({ name: "currentPassword", label: "Current password", type: "password", autocomplete: "current-password" })}
${newPassword("newPassword", "New password")}`,
          "Change password",
          context,
        ),
      );
  }
}

export async function passwordPage(
  context: ActionContext,
  provider: InternalPasswordProvider,
): Promise<ResponseInternal> {
  const { request, options, cookies } = context;
  const action = request.action as PasswordPageAction;
  const custom = options.pages[PAGE_OPTION[action]];
  if (custom) {
    return { redirect: withQuery(pageUrl(request.url.origin, custom), new URLSearchParams(request.query)), cookies };
  }
  const answer = html(render(context, provider, action), 200, { cookies });
  // The reset and verify pages hold a token in their URL: no Referer carries it off, no cache keeps the page.
  // `same-origin`, not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with the page's own
  // form POST (Fetch, "serializing a request origin"), which the core's origin check (csrf.ts) and SvelteKit's
  // refuse; the Chromium e2e tests (test/e2e/password-*.test.ts) caught it. Other origins still get no Referer.
  return { ...answer, headers: { ...answer.headers, ...NO_CACHE_HEADERS, "Referrer-Policy": "same-origin" } };
}
