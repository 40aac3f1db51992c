/**
 * Social providers added to the catalog from Auth.js's list (LINE, TikTok, Kakao, Naver, Hugging Face,
 * Roblox, Figma, …) and the ones Better Auth ships that Auth.js lacks: rows for the flow test in
 * ../catalog.test.ts. Payloads are shaped as each provider documents its profile.
 */
import Figma, { figmaProfile } from "../../../../src/runtime/providers/figma.js";
import HubSpot, { hubspotProfile } from "../../../../src/runtime/providers/hubspot.js";
import HuggingFace, { huggingfaceProfile } from "../../../../src/runtime/providers/huggingface.js";
import Kakao, { kakaoProfile } from "../../../../src/runtime/providers/kakao.js";
import Kick, { kickProfile } from "../../../../src/runtime/providers/kick.js";
import Line, { lineProfile } from "../../../../src/runtime/providers/line.js";
import Linear, { linearProfile } from "../../../../src/runtime/providers/linear.js";
import Naver, { naverProfile } from "../../../../src/runtime/providers/naver.js";
import Roblox, { robloxProfile } from "../../../../src/runtime/providers/roblox.js";
import TikTok, { tiktokProfile } from "../../../../src/runtime/providers/tiktok.js";
import Vercel, { vercelProfile } from "../../../../src/runtime/providers/vercel.js";
import WeChat, { wechatProfile } from "../../../../src/runtime/providers/wechat.js";
import { oidcClaims, type Row } from "./row.js";

export const rows: Row[] = [
  {
    id: "line",
    factory: Line,
    mapping: lineProfile,
    auth: "post",
    authorize: "https://access.line.me/authorize",
    scope: "openid profile email",
    token: "https://access.line.me/token",
    issuer: "https://access.line.me",
    // A web login's ID token is HS256 with the channel secret; the discovery document lists only ES256.
    standIn: { idTokenAlg: "HS256", metadataAlgs: ["ES256"] },
    payload: oidcClaims({
      sub: "U1234567890abcdef1234567890abcdef",
      name: "Taro Line",
      picture: "https://profile.line-scdn.net/0h1234",
      email: "taro@example.jp",
      amr: ["pwd"],
    }),
    user: {
      id: "U1234567890abcdef1234567890abcdef",
      name: "Taro Line",
      email: "taro@example.jp",
      image: "https://profile.line-scdn.net/0h1234",
    },
  },
  {
    id: "tiktok",
    factory: TikTok,
    mapping: tiktokProfile,
    auth: "post",
    authorize: "https://www.tiktok.com/v2/auth/authorize/",
    scope: "user.info.basic",
    token: "https://open.tiktokapis.com/v2/oauth/token/",
    userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
    standIn: { clientIdParameter: "client_key" },
    tokenExtra: {
      open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
      scope: "user.info.basic",
      refresh_expires_in: 31536000,
    },
    payload: {
      data: {
        user: {
          open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
          union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
          avatar_url:
            "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
          display_name: "Tik Toker",
        },
      },
      error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" },
    },
    user: {
      id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
      name: "Tik Toker",
      email: null,
      image:
        "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
    },
  },
  {
    id: "kakao",
    factory: Kakao,
    mapping: kakaoProfile,
    auth: "post",
    authorize: "https://kauth.kakao.com/oauth/authorize",
    scope: null,
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    tokenExtra: { refresh_token_expires_in: 5184000, scope: "account_email profile" },
    payload: {
      id: 123456789,
      connected_at: "2022-04-11T01:45:28Z",
      kakao_account: {
        profile_needs_agreement: false,
        profile: {
          nickname: "홍길동",
          thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg",
          profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
          is_default_image: false,
        },
        email_needs_agreement: false,
        is_email_valid: true,
        is_email_verified: true,
        email: "sample@sample.com",
      },
    },
    user: {
      id: "123456789",
      name: "홍길동",
      email: "sample@sample.com",
      image: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
    },
  },
  {
    id: "naver",
    factory: Naver,
    mapping: naverProfile,
    auth: "post",
    authorize: "https://nid.naver.com/oauth2.0/authorize",
    scope: null,
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    payload: {
      resultcode: "00",
      message: "success",
      response: {
        id: "32742776",
        nickname: "OpenAPI",
        email: "openapi@naver.com",
        gender: "F",
        age: "40-49",
        birthday: "10-01",
        profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
      },
    },
    user: {
      id: "32742776",
      name: "OpenAPI",
      email: "openapi@naver.com",
      image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
    },
  },
  {
    id: "huggingface",
    factory: HuggingFace,
    mapping: huggingfaceProfile,
    auth: "basic",
    authorize: "https://huggingface.co/authorize",
    scope: "openid profile email",
    token: "https://huggingface.co/token",
    issuer: "https://huggingface.co",
    payload: oidcClaims({
      sub: "6421c1b5e0a4e1b1e4b1a1c1",
      name: "Clem Delangue",
      preferred_username: "clem",
      profile: "https://huggingface.co/clem",
      picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/clem.png",
      email: "clem@example.com",
      email_verified: true,
      isPro: false,
    }),
    user: {
      id: "6421c1b5e0a4e1b1e4b1a1c1",
      name: "Clem Delangue",
      email: "clem@example.com",
      image: "https://cdn-avatars.huggingface.co/v1/production/uploads/clem.png",
    },
  },
  {
    id: "roblox",
    factory: Roblox,
    mapping: robloxProfile,
    auth: "basic",
    authorize: "https://apis.roblox.com/oauth/authorize",
    scope: "openid profile",
    token: "https://apis.roblox.com/oauth/token",
    issuer: "https://apis.roblox.com/oauth/",
    payload: oidcClaims({
      sub: "1516563360",
      name: "Builder Bob",
      nickname: "Builder Bob",
      preferred_username: "builderbob",
      created_at: 1584682495,
      profile: "https://www.roblox.com/users/1516563360/profile",
      picture: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-1234/150/150/AvatarHeadshot/Png",
    }),
    user: {
      id: "1516563360",
      name: "Builder Bob",
      email: null,
      image: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-1234/150/150/AvatarHeadshot/Png",
    },
  },
  {
    id: "figma",
    factory: Figma,
    mapping: figmaProfile,
    auth: "basic",
    authorize: "https://www.figma.com/oauth",
    scope: "current_user:read",
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    payload: {
      id: "1042587930112468230",
      handle: "Ada Figma",
      img_url: "https://s3-alpha.figma.com/profile/ada",
      email: "ada@example.com",
    },
    user: {
      id: "1042587930112468230",
      name: "Ada Figma",
      email: "ada@example.com",
      image: "https://s3-alpha.figma.com/profile/ada",
    },
  },
  {
    id: "wechat",
    factory: WeChat,
    mapping: wechatProfile,
    auth: "post",
    authorize: "https://open.weixin.qq.com/connect/qrconnect",
    scope: "snsapi_login",
    token: "https://api.weixin.qq.com/sns/oauth2/access_token",
    // The profile API takes the token and the openid in the query; the stand-in keys it without the token.
    userinfo: "https://api.weixin.qq.com/sns/userinfo?openid=o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
    standIn: { clientIdParameter: "appid", tokenInQuery: { secretParameter: "secret" } },
    // WeChat's token answer has no token_type and names the user beside the token.
    tokenExtra: {
      token_type: undefined,
      openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
      unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
      scope: "snsapi_login",
    },
    payload: {
      openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
      nickname: "张三",
      sex: 1,
      province: "广东",
      city: "广州",
      country: "中国",
      headimgurl:
        "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/0",
      privilege: [],
      unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
    },
    user: {
      id: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
      name: "张三",
      email: null,
      image:
        "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/0",
    },
  },
  {
    id: "hubspot",
    factory: HubSpot,
    mapping: hubspotProfile,
    auth: "post",
    authorize: "https://app.hubspot.com/oauth/authorize",
    scope: "oauth",
    token: "https://api.hubapi.com/oauth/2026-03/token",
    // The profile is the introspection of the access token, sent in the form body beside the client's credentials.
    userinfo: "https://api.hubapi.com/oauth/2026-03/token/introspect",
    payload: {
      token_use: "access_token",
      active: true,
      hub_id: 62515,
      user_id: 123456,
      client_id: "client-hubspot",
      app_id: 456789,
      scopes: ["oauth"],
      expires_in: 1800,
      is_private_distribution: false,
      token_type: "bearer",
      user: "demo@hubspot.com",
      hub_domain: "demo.hubspot.com",
    },
    user: { id: "123456", name: null, email: "demo@hubspot.com", image: null },
  },
  {
    id: "linear",
    factory: Linear,
    mapping: linearProfile,
    auth: "post",
    authorize: "https://linear.app/oauth/authorize",
    scope: "read",
    token: "https://api.linear.app/oauth/token",
    userinfo: "https://api.linear.app/graphql",
    payload: {
      data: {
        viewer: {
          id: "2e8e2b3c-2f2e-4a6e-9c7d-3f6f0b1c5a10",
          name: "Karri Saarinen",
          displayName: "karri",
          email: "karri@linear.app",
          avatarUrl: "https://public.linear.app/avatars/karri.png",
          active: true,
        },
      },
    },
    user: {
      id: "2e8e2b3c-2f2e-4a6e-9c7d-3f6f0b1c5a10",
      name: "Karri Saarinen",
      email: "karri@linear.app",
      image: "https://public.linear.app/avatars/karri.png",
    },
  },
  {
    id: "vercel",
    factory: Vercel,
    mapping: vercelProfile,
    auth: "basic",
    authorize: "https://vercel.com/authorize",
    scope: "openid profile email",
    token: "https://vercel.com/token",
    issuer: "https://vercel.com",
    payload: oidcClaims({
      sub: "fCfBWtjzNPfDr5ULeAXh4nvN",
      preferred_username: "rauchg",
      email: "rauchg@vercel.com",
      picture: "https://vercel.com/api/www/avatar/rauchg",
    }),
    user: {
      id: "fCfBWtjzNPfDr5ULeAXh4nvN",
      name: "rauchg",
      email: "rauchg@vercel.com",
      image: "https://vercel.com/api/www/avatar/rauchg",
    },
  },
  {
    id: "kick",
    factory: Kick,
    mapping: kickProfile,
    auth: "post",
    authorize: "https://id.kick.com/oauth/authorize",
    scope: "user:read",
    token: "https://id.kick.com/oauth/token",
    userinfo: "https://api.kick.com/public/v1/users",
    payload: {
      data: [
        {
          user_id: 4377088,
          name: "streamer",
          email: "streamer@example.com",
          profile_picture: "https://files.kick.com/images/user/4377088/profile_image/conversion/a.webp",
        },
      ],
      message: "OK",
    },
    user: {
      id: "4377088",
      name: "streamer",
      email: "streamer@example.com",
      image: "https://files.kick.com/images/user/4377088/profile_image/conversion/a.webp",
    },
  },
];
