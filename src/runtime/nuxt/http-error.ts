/**
 * Answers the Nuxt integration gives by throwing, as h3 1 (Nitro 2's server) answers its own errors: a status,
 * a JSON body with the message, no stack, and not logged as an unhandled failure. h3 recognises its errors by
 * a static marker on their class (H3Error's `__h3_error__`) rather than by `instanceof`, so an error carrying
 * it is answered with its `statusCode` without the runtime importing h3 (which it cannot always resolve).
 */

/** An answer h3 sends as it sends its own `createError({ statusCode, message })`. */
export class H3Answer extends Error {
  /** h3 1's marker of its own errors: `isError(error)` is `error.constructor.__h3_error__ === true`. */
  static readonly __h3_error__ = true;
  readonly statusCode: number;
  readonly statusMessage: string;
  /** Not fatal and not unhandled: h3 and Nitro answer it without logging a stack. */
  readonly fatal = false;
  readonly unhandled = false;
  /** The message again: h3's own error body carries `statusCode`, `statusMessage` and `data`, not `message`. */
  readonly data: { message: string };

  constructor(statusCode: number, statusMessage: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
    this.data = { message };
  }

  /** What h3 serialises: never the stack. */
  toJSON(): { message: string; statusCode: number; statusMessage: string; data: { message: string } } {
    return { message: this.message, statusCode: this.statusCode, statusMessage: this.statusMessage, data: this.data };
  }
}

/** A request whose Host or request target makes no URL: 400 before the core sees it. */
export class MalformedRequest extends H3Answer {
  readonly type = "MalformedRequest";
  constructor(message: string) {
    super(400, "Bad Request", message);
  }
}

/**
 * `requireSession(event)` without a session: 401 for an API request; for a page, 303 to the sign-in page, whose
 * URL is already on the response's `Location` header (h3 keeps the headers set before an error).
 */
export class SessionRequired extends H3Answer {
  readonly type = "SessionRequired";
  /** Where a page is sent; undefined for an API request. */
  readonly location: string | undefined;
  constructor(location?: string) {
    super(
      location ? 303 : 401,
      location ? "See Other" : "Unauthorized",
      location ? "Sign in to see this page." : "Sign in to use this resource.",
    );
    this.location = location;
  }
}
