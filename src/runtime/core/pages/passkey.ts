/**
 * The passkey form of the built-in sign-in page, and the small script that drives it. The page has no
 * bundler and no CDN, so the script calls WebAuthn itself: it asks `/webauthn-options/<id>` what to do,
 * runs `navigator.credentials.create()` or `.get()`, and posts the credential's JSON to `/callback/<id>`
 * as an ordinary form (the browser then follows the redirect like any sign-in). With conditional UI, the
 * email field also offers the device's passkeys in its autofill (`autocomplete="… webauthn"`).
 *
 * The script is one constant string: everything it needs is read from the form's data attributes, so no
 * request-supplied value is ever interpolated into script text, and a CSP hash of it never changes.
 */
import type { WebAuthnProvider } from "../webauthn/provider.js";
import { escapeHtml } from "./html.js";

/** Runs once per passkey form: the form is the element just before the script. */
export const PASSKEY_SCRIPT = `(function () {
  "use strict";
  var form = document.currentScript && document.currentScript.previousElementSibling;
  if (!form || !window.PublicKeyCredential || !navigator.credentials) return;
  var optionsUrl = form.getAttribute("data-options-url");
  var status = form.querySelector("[data-passkey-status]");
  var pending = null;

  function toBytes(value) {
    var base64 = value.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) base64 += "=";
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }
  function toBase64Url(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  }
  function withIds(list) {
    return (list || []).map(function (entry) {
      return { id: toBytes(entry.id), type: entry.type || "public-key", transports: entry.transports };
    });
  }
  function creationOptions(options) {
    var copy = Object.assign({}, options);
    copy.challenge = toBytes(options.challenge);
    copy.user = Object.assign({}, options.user, { id: toBytes(options.user.id) });
    copy.excludeCredentials = withIds(options.excludeCredentials);
    return copy;
  }
  function requestOptions(options) {
    var copy = Object.assign({}, options);
    copy.challenge = toBytes(options.challenge);
    if (options.allowCredentials) copy.allowCredentials = withIds(options.allowCredentials);
    return copy;
  }
  function credentialJSON(credential) {
    if (typeof credential.toJSON === "function") return credential.toJSON();
    var response = credential.response;
    var json = {
      clientDataJSON: toBase64Url(response.clientDataJSON)
    };
    if (response.attestationObject) {
      json.attestationObject = toBase64Url(response.attestationObject);
      json.transports = typeof response.getTransports === "function" ? response.getTransports() : [];
    } else {
      json.authenticatorData = toBase64Url(response.authenticatorData);
      json.signature = toBase64Url(response.signature);
      if (response.userHandle) json.userHandle = toBase64Url(response.userHandle);
    }
    return {
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: json
    };
  }
  function show(error) {
    if (error && error.name === "AbortError") return;
    var message = error && error.name === "NotAllowedError"
      ? "The passkey request was cancelled or timed out."
      : "Passkey sign-in failed: " + ((error && error.message) || "unknown error") + ".";
    status.textContent = message;
    status.hidden = false;
  }
  function fetchOptions(params, signal) {
    var query = new URLSearchParams(params).toString();
    return fetch(optionsUrl + (query ? "?" + query : ""), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: signal
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.error) || "the server refused");
        return body;
      });
    });
  }
  function submit(action, credential) {
    form.elements.namedItem("action").value = action;
    form.elements.namedItem("data").value = JSON.stringify(credentialJSON(credential));
    HTMLFormElement.prototype.submit.call(form);
  }
  function ceremony(answer, signal, mediation) {
    if (answer.action === "register") {
      return navigator.credentials.create({ publicKey: creationOptions(answer.options), signal: signal })
        .then(function (credential) { submit("register", credential); });
    }
    var request = { publicKey: requestOptions(answer.options), signal: signal };
    if (mediation) request.mediation = mediation;
    return navigator.credentials.get(request).then(function (credential) {
      if (credential) submit("authenticate", credential);
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    status.hidden = true;
    if (pending) pending.abort();
    pending = new AbortController();
    var signal = pending.signal;
    var params = {};
    form.querySelectorAll("[data-passkey-field]").forEach(function (input) {
      if (input.value) params[input.name] = input.value;
    });
    fetchOptions(params, signal).then(function (answer) { return ceremony(answer, signal); }).catch(show);
  });

  if (form.getAttribute("data-conditional-ui") === "true" &&
      typeof PublicKeyCredential.isConditionalMediationAvailable === "function") {
    PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
      if (!available || pending) return;
      pending = new AbortController();
      var signal = pending.signal;
      return fetchOptions({ action: "authenticate" }, signal).then(function (answer) {
        return ceremony(answer, signal, "conditional");
      });
    }).catch(show);
  }
})();`;

/** The passkey form: its fields (the email one with `webauthn` autofill), a button, a place for errors. */
export function passkeyForm(provider: WebAuthnProvider, callbackUrl: string): string {
  // Both endpoints sit under the same base path: <base>/callback/<id> and <base>/webauthn-options/<id>.
  const base = provider.callbackUrl.slice(0, provider.callbackUrl.length - `/callback/${provider.id}`.length);
  const optionsUrl = `${base}/webauthn-options/${provider.id}`;
  const fields = Object.entries(provider.formFields ?? {})
    .map(([name, field]) => {
      const id = `input-${name}-for-${provider.id}-provider`;
      const autocomplete = field.autocomplete ? ` autocomplete="${escapeHtml(field.autocomplete)}"` : "";
      const type = name === "email" ? "email" : "text";
      return `<label for="${escapeHtml(id)}">${escapeHtml(field.label)}</label>
<input id="${escapeHtml(id)}" name="${escapeHtml(name)}" type="${type}" data-passkey-field${autocomplete}${field.required ? " required" : ""}>`;
    })
    .join("\n");
  return `<form action="${escapeHtml(provider.callbackUrl)}" method="POST" data-options-url="${escapeHtml(optionsUrl)}" data-conditional-ui="${provider.enableConditionalUI ? "true" : "false"}">
<input type="hidden" name="callbackUrl" value="${escapeHtml(callbackUrl)}">
<input type="hidden" name="action" value="">
<input type="hidden" name="data" value="">
${fields}
<button type="submit">${escapeHtml(`Sign in with ${provider.name}`)}</button>
<p class="error" role="alert" data-passkey-status hidden></p></form><script>${PASSKEY_SCRIPT}</script>`;
}
