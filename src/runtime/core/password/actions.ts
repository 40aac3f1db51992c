/**
 * The password provider's actions (PasswordActions), loaded by the `password()` provider on the first
 * request that needs them (core/provider-loader.ts says why the core does not import them).
 */
import type { PasswordProviderActions } from "../provider-loader.js";
import { passwordChange } from "./change.js";
import { passwordForgot } from "./forgot.js";
import { passwordPage } from "./pages.js";
import { passwordReset } from "./reset.js";
import { passwordSignIn } from "./sign-in.js";
import { passwordSignUp } from "./sign-up.js";

export const passwordActions: PasswordProviderActions = {
  signIn: passwordSignIn,
  signUp: passwordSignUp,
  forgotPassword: passwordForgot,
  resetPassword: passwordReset,
  changePassword: passwordChange,
  page: passwordPage,
};
