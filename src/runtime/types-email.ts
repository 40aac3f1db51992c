/** The email provider's configuration (magic links). */
import type { CommonProviderOptions } from "./types.js";

export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  [option: string]: unknown;
}
