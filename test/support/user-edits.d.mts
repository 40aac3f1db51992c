export const DEMO_USER: Readonly<{ id: string; name: string; email: string; password: string }>;
export const OIDC_CLIENT: Readonly<{ id: string; secret: string }>;
/** Inserts the constant-time demo-user check after `async authorize(credentials) {`; throws if absent. */
export function addDemoUser(
  source: string,
  user?: { id: string; name: string; email: string; password: string },
): string;
/** Exports `unstable_update` and adds a `jwt` callback accepting a validated new display name. */
export function allowNameUpdates(source: string): string;
export const PROTECTED_DASHBOARD: string;
export const CUSTOM_LOGIN_PAGE: string;
/** `app/quick/actions.ts`: signIn/signOut server actions with `redirect: false`, returning the URL. */
export const NO_REDIRECT_ACTIONS: string;
/** `app/quick/page.tsx`: a client page calling them through `useActionState` and showing the URLs. */
export const NO_REDIRECT_PAGE: string;
/** Sets `KEY=value` lines, filling blank ones in place and appending missing keys. */
export function fillEnv(text: string, values: Record<string, string>): string;
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}
export function applyUserEdits(dir: string, options: { appUrl: string; oidc: OidcSettings }): Promise<void>;
export const SESSION_DASHBOARD: string;
export const ME_ROUTE: string;
export const PAGES_ME_ROUTE: string;
export const PAGES_TEAM: string;
/** Adds `callbacks.authorized` requiring a signed-in user under `prefix`. */
export function protectWithAuthorized(source: string, prefix: string): string;
/** Replaces the generated `matcher: [],` with `paths`. */
export function setMatcher(source: string, paths: string[]): string;
type Edits = (dir: string, options: { appUrl: string; oidc: OidcSettings }) => Promise<void>;
export const editNext16Src: Edits;
export const editNext15App: Edits;
export const editNext16Pages: Edits;
