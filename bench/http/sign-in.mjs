// A valid session for the HTTP benchmark, obtained the way a browser obtains one from each app's own credentials
// sign-in: GET <authBase>/csrf, then the form POST to <authBase>/callback/credentials with the CSRF cookie and
// token, from the app's own origin. What it returns is the Cookie header a browser would send afterwards.
import { DEMO_USER } from "../../test/support/user-edits.mjs";

export { DEMO_USER };

/** Merges the cookies a response sets into `jar` (name → value). */
function keepCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const separator = pair.indexOf("=");
    if (separator > 0) jar.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
  return jar;
}

const serialize = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Signs DEMO_USER in at `origin` + `authBase`; rejects with what the app answered when it does not set a session. */
export async function signIn(origin, authBase) {
  const csrf = await fetch(`${origin}${authBase}/csrf`);
  if (csrf.status !== 200) throw new Error(`GET ${authBase}/csrf at ${origin} answered ${csrf.status}`);
  const jar = keepCookies(new Map(), csrf);
  const { csrfToken } = await csrf.json();
  const response = await fetch(`${origin}${authBase}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: serialize(jar), origin },
    body: new URLSearchParams({ csrfToken, email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  keepCookies(jar, response);
  if (![...jar.keys()].some((name) => name.includes("session-token"))) {
    throw new Error(
      `the credentials sign-in at ${origin}${authBase} set no session cookie: ${response.status} ` +
        `${response.headers.get("location") ?? ""} ${(await response.text()).slice(0, 500)}`,
    );
  }
  return serialize(jar);
}
