/**
 * Renders the handlebars templates under `templates/<framework>/` of the CLI package (found relative to
 * this module, not the working directory); a name with a folder (`database/client`) is a template every
 * framework shares, under `templates/`. The partials under `templates/partials/` (a provider's entry in the
 * providers list) are registered under their file names, so every framework's templates share them.
 * Handlebars is loaded lazily: only the commands that write code need it.
 */
import { readdirSync, readFileSync } from "node:fs";

export async function loadRenderer(framework: string): Promise<(name: string, data: object) => string> {
  const { default: Handlebars } = await import("handlebars");
  const handlebars = Handlebars.create();
  const templates = new URL("../../../templates/", import.meta.url);
  const dir = new URL(`${framework}/`, templates);
  const partials = new URL("partials/", templates);
  for (const file of readdirSync(partials).filter((name) => name.endsWith(".hbs"))) {
    handlebars.registerPartial(file.slice(0, -".hbs".length), readFileSync(new URL(file, partials), "utf8"));
  }
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  return (name, data) => {
    let template = cache.get(name);
    if (!template) {
      const text = readFileSync(new URL(`${name}.hbs`, name.includes("/") ? templates : dir), "utf8");
      // Code, not HTML: no escaping; strict so a misspelt field fails loudly instead of rendering "".
      template = handlebars.compile(text, { noEscape: true, strict: true });
      cache.set(name, template);
    }
    return template(data);
  };
}
