/**
 * The bounds on request input, apart from the rest of the config types so the body reader (core/body.ts),
 * which every part of the runtime may use, imports nothing that imports it back.
 */
/**
 * Bounds on what one request may send (core/body.ts). A request over one is refused before anything past
 * the limit is read: 413 for the body, 400 for the field count or a field's length; a browser's form POST
 * goes to the error page (`?error=InputTooLarge`).
 */
export interface InputLimits {
  /** Most bytes of a request body. Default 65536 (64 KiB). */
  body?: number;
  /** Most fields in a form, or keys in a JSON body. Default 100. */
  fields?: number;
  /** Most characters in one field's name or value. Default 16384 (`callbackUrl`, `redirectTo`: 2048). */
  field?: number;
}
