/**
 * Renders the handlebars templates under `templates/<framework>/` of the CLI package (found relative to
 * this module, not the working directory); a name with a folder (`database/client`) is a template every
 * framework shares, under `templates/`. Handlebars is loaded lazily: only `init` needs it.
 */
import { readFileSync } from "node:fs";

export async function loadRenderer(framework: string): Promise<(name: string, data: object) => string> {
  const { default: Handlebars } = await import("handlebars");
  const templates = new URL("../../../templates/", import.meta.url);
  const dir = new URL(`${framework}/`, templates);
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  return (name, data) => {
    let template = cache.get(name);
    if (!template) {
      const text = readFileSync(new URL(`${name}.hbs`, name.includes("/") ? templates : dir), "utf8");
      // Code, not HTML: no escaping; strict so a misspelt field fails loudly instead of rendering "".
      template = Handlebars.compile(text, { noEscape: true, strict: true });
      cache.set(name, template);
    }
    return template(data);
  };
}
