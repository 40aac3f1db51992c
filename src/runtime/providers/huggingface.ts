/**
 * Hugging Face ("Sign in with HF"): OpenID Connect, issuer https://huggingface.co. The app's allowed scopes
 * are chosen when it is created; `email` must be among them for the address. Hugging Face lets only users
 * with a verified address grant it. Docs: https://huggingface.co/docs/hub/oauth
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface HuggingFaceProfile {
  sub: string;
  name?: string;
  /** The username. */
  preferred_username?: string;
  /** The profile page URL. */
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  isPro?: boolean;
  orgs?: Array<{ sub: string; name: string; preferred_username: string; picture?: string; [field: string]: unknown }>;
  [claim: string]: unknown;
}

export function huggingfaceProfile(profile: HuggingFaceProfile): User {
  return {
    id: profile.sub,
    name: profile.name || profile.preferred_username || null,
    email: profile.email && profile.email_verified !== false ? profile.email : null,
    image: profile.picture ?? null,
  };
}

export default function HuggingFace(options?: ProviderOptions<HuggingFaceProfile>): OAuthConfig<HuggingFaceProfile> {
  return catalogProvider<HuggingFaceProfile>(
    {
      id: "huggingface",
      name: "Hugging Face",
      type: "oidc",
      issuer: "https://huggingface.co",
      profile: huggingfaceProfile,
      style: () => import("./style/huggingface.js"),
    },
    options,
  );
}
