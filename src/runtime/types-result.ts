/**
 * The internal result an action answers with (status, headers, body or redirect, and the cookies to set), as
 * `Auth` returns it with the `raw` marker, and the theme of the HTML pages it may carry. Public: types.ts
 * re-exports every name.
 */

export interface CookieOption {
  name: string;
  options: {
    httpOnly?: boolean;
    sameSite?: "lax" | "strict" | "none";
    path?: string;
    secure?: boolean;
    domain?: string;
    maxAge?: number;
    expires?: Date;
  };
}

/** A cookie the core wants set (or, with `maxAge: 0`, cleared). */
export interface Cookie {
  name: string;
  value: string;
  options: CookieOption["options"];
}

/** The internal response object returned with the `raw` marker. */
export interface ResponseInternal<Body = unknown> {
  status?: number;
  headers?: Headers | Record<string, string>;
  body?: Body;
  redirect?: string;
  cookies?: Cookie[];
}

export interface Theme {
  colorScheme?: "auto" | "dark" | "light";
  logo?: string;
  brandColor?: string;
  buttonText?: string;
}
