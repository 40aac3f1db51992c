/**
 * The built-in sign-in page: one form per provider. OAuth/OIDC providers get a POST button to
 * `/signin/<id>` (a POST, so the CSRF token travels with it); credentials providers get their fields,
 * posted to `/callback/<id>`; email providers an address field, posted to `/signin/<id>`; a passkey provider
 * the form it renders itself (its actions' `signInForm`); a password provider its address and password,
 * posted to `/callback/<id>`, with links to its sign-up and forgot-password pages. An `?error=` is explained
 * above the forms. An OAuth/OIDC provider with a style wears its brand (provider-button.ts); the app's own
 * forms wear the theme.
 */
import type { ProviderStyle, Theme } from "../../types.js";
import type { InternalProvider } from "../internal.js";
import { escapeHtml, layout, type SchemeRules } from "./html.js";
import { providerButton } from "./provider-button.js";

/** What the user reads for each `?error=` type: what happened and what to do, never the cause. */
const SIGNIN_ERRORS: Record<string, string> = {
  CredentialsSignin: "Sign in failed. Check that the details you entered are correct.",
  OAuthAccountNotLinked: "To confirm your identity, sign in with the same account you used originally.",
  OAuthCallbackError: "The sign-in provider returned an error. Try again, or sign in another way.",
  OAuthSignInError: "Sign-in with that provider could not start. Try again, or sign in another way.",
  EmailSignInError: "The sign-in email could not be sent. Check the address, then try again.",
  MissingCSRF: "Your sign-in form expired. Please try again.",
  AccountNotLinked: "This email is already used by another account. Sign in the way you did before.",
  AccountLinkRefused: "Adding that sign-in method needs a recent sign-in in this browser. Sign in, then add it again.",
  SessionRequired: "Please sign in to access this page.",
  EmailNotVerified:
    "Confirm your email address first, with the link we emailed you. Lost it? Use “Forgot your password?” for a new one.",
};

export function signInErrorMessage(error: string): string {
  // Own keys only: `?error=constructor` or `__proto__` would otherwise name what Object.prototype holds.
  return Object.hasOwn(SIGNIN_ERRORS, error) ? SIGNIN_ERRORS[error]! : "Unable to sign in. Please try again.";
}

interface FormInputs {
  ownForms: ReadonlyMap<string, string>;
  styles: ReadonlyMap<string, ProviderStyle>;
  csrfToken: string | undefined;
  callbackUrl: string;
}

function hiddenInputs(csrfToken: string | undefined, callbackUrl: string): string {
  const csrf = csrfToken ? `<input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">` : "";
  return `${csrf}<input type="hidden" name="callbackUrl" value="${escapeHtml(callbackUrl)}">`;
}

/** An address field posted to `/signin/<id>`, which mails the link. */
function emailForm(provider: InternalProvider, csrfToken: string | undefined, callbackUrl: string): string {
  const id = `input-email-for-${provider.id}-provider`;
  return `<form action="${escapeHtml(provider.signinUrl)}" method="POST">${hiddenInputs(csrfToken, callbackUrl)}
<label for="${escapeHtml(id)}">Email</label>
<input id="${escapeHtml(id)}" name="email" type="email" autocomplete="email" placeholder="email@example.com" required>
<button type="submit">${escapeHtml(`Sign in with ${provider.name}`)}</button></form>`;
}

/** Address and password posted to `/callback/<id>`; sign-up and forgot-password beside it (same base path). */
function passwordForm(provider: InternalProvider, csrfToken: string | undefined, callbackUrl: string): string {
  const base = provider.callbackUrl.slice(0, provider.callbackUrl.lastIndexOf("/callback/"));
  const email = `input-email-for-${provider.id}-provider`;
  const password = `input-password-for-${provider.id}-provider`;
  return `<form action="${escapeHtml(provider.callbackUrl)}" method="POST">${hiddenInputs(csrfToken, callbackUrl)}
<label for="${escapeHtml(email)}">Email</label>
<input id="${escapeHtml(email)}" name="email" type="email" autocomplete="username" required>
<label for="${escapeHtml(password)}">Password</label>
<input id="${escapeHtml(password)}" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(`Sign in with ${provider.name}`)}</button></form>
<p><a href="${escapeHtml(`${base}/forgot-password`)}">Forgot your password?</a> · <a href="${escapeHtml(`${base}/signup`)}">Create an account</a></p>`;
}

/** One provider's form; a branded button adds the rules that colour it to `rules`. */
function providerForm(
  provider: InternalProvider,
  { ownForms, styles, csrfToken, callbackUrl }: FormInputs,
  rules: SchemeRules,
): string {
  const label = `Sign in with ${provider.name}`;
  if (provider.type === "email") return emailForm(provider, csrfToken, callbackUrl);
  if (provider.type === "webauthn") return ownForms.get(provider.id) ?? "";
  if (provider.type === "password") return passwordForm(provider, csrfToken, callbackUrl);
  if (provider.type === "credentials") {
    const fields = Object.entries(provider.credentials ?? {})
      .map(([key, input]) => {
        const id = `input-${key}-for-${provider.id}-provider`;
        const type = typeof input.type === "string" ? input.type : "text";
        const placeholder =
          typeof input.placeholder === "string" ? ` placeholder="${escapeHtml(input.placeholder)}"` : "";
        const value = typeof input.value === "string" ? ` value="${escapeHtml(input.value)}"` : "";
        const autocomplete =
          type === "password" ? "current-password" : key === "email" ? "email" : key === "username" ? "username" : "";
        return `<label for="${escapeHtml(id)}">${escapeHtml(input.label ?? key)}</label>
<input id="${escapeHtml(id)}" name="${escapeHtml(key)}" type="${escapeHtml(type)}"${placeholder}${value}${autocomplete ? ` autocomplete="${autocomplete}"` : ""}>`;
      })
      .join("\n");
    return `<form action="${escapeHtml(provider.callbackUrl)}" method="POST">${hiddenInputs(csrfToken, callbackUrl)}
${fields}
<button type="submit">${escapeHtml(label)}</button></form>`;
  }
  const branded = providerButton(provider.id, label, styles.get(provider.id));
  if (branded) {
    rules.light += branded.rules.light;
    rules.dark += branded.rules.dark;
  }
  return `<form action="${escapeHtml(provider.signinUrl)}" method="POST">${hiddenInputs(csrfToken, callbackUrl)}
${branded?.button ?? `<button type="submit">${escapeHtml(label)}</button>`}</form>`;
}

export function renderSignInPage(params: {
  providers: InternalProvider[];
  /** The forms providers render themselves, by provider id (actions/signin.ts loads them). */
  ownForms: ReadonlyMap<string, string>;
  /** The OAuth/OIDC providers' button styles, loaded, by provider id (actions/signin.ts loads them). */
  styles: ReadonlyMap<string, ProviderStyle>;
  csrfToken: string | undefined;
  callbackUrl: string;
  error?: string | undefined;
  theme: Theme;
}): string {
  const { providers, error, theme } = params;
  const visible = providers.filter(
    (provider) =>
      provider.type === "oauth" ||
      provider.type === "oidc" ||
      provider.type === "credentials" ||
      provider.type === "email" ||
      provider.type === "webauthn" ||
      provider.type === "password",
  );
  const errorBlock = error ? `<p class="error" role="alert">${escapeHtml(signInErrorMessage(error))}</p>` : "";
  const rules: SchemeRules = { light: "", dark: "" };
  const forms = visible.map((provider) => providerForm(provider, params, rules)).join("\n<hr>\n");
  return layout({ title: "Sign In", theme, rules, content: `<h1>Sign in</h1>${errorBlock}\n${forms}` });
}
