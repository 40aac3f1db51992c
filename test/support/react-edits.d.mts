import type { OidcSettings } from "./user-edits.mjs";

export const REACT_PAGE: string;
export const ACCOUNT_COMPONENT: string;
export const SERVER_SESSION_PAGE: string;
export const POLLING_PAGE: string;
export const REQUIRED_PAGE: string;
export const MEMBERS_COMPONENT: string;
/** applyUserEdits, then the /react and /react/required pages using `@create-auth/runtime/react`. */
export function applyReactEdits(dir: string, options: { appUrl: string; oidc: OidcSettings }): Promise<void>;
