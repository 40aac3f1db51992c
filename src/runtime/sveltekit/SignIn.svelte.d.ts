// Types of SignIn.svelte for TypeScript outside the Svelte language tools (the component ships as source).
import type { Component } from "svelte";
import type { SignInProps } from "./component-props.js";

declare const SignIn: Component<SignInProps>;
export default SignIn;
