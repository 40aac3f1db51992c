import type { OidcSettings } from "./user-edits.mjs";

export const REACT_PAGE: string;
export const ACCOUNT_COMPONENT: string;
export const SERVER_SESSION_PAGE: string;
export const POLLING_PAGE: string;
export const REQUIRED_PAGE: string;
export const MEMBERS_COMPONENT: string;
/** Where the second auth instance (and the /react/custom-base page's provider) serves the auth routes. */
export const CUSTOM_BASE_PATH: string;
export const CUSTOM_AUTH_MODULE: string;
export const CUSTOM_AUTH_ROUTE: string;
export const CUSTOM_BASE_PAGE: string;
/** applyUserEdits, then the /react and /react/required pages using `@create-auth/runtime/react`. */
export function applyReactEdits(dir: string, options: { appUrl: string; oidc: OidcSettings }): Promise<void>;
