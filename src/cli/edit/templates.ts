/**
 * Renders handlebars templates: a framework's own, from the folder its target names (`Target.templates`:
 * frameworks/<id>/templates/), and the ones every framework shares, named with their folder (`database/client`
 * → database/templates/client.hbs). The partials under providers/templates/ (a provider's entry in the
 * providers list) and env/templates/ (loading the env file where the built server does not) are registered
 * under their file names, so every framework's templates share them.
 * Folders are found relative to this module (the build copies the .hbs files beside the compiled modules),
 * never the working directory. Handlebars is loaded lazily: only the commands that write code need it.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The folders of the templates every framework shares, by the prefix their names carry. */
const SHARED: Readonly<Record<string, URL>> = {
  database: new URL("../database/templates/", import.meta.url),
};
const PARTIALS = [new URL("../providers/templates/", import.meta.url), new URL("../env/templates/", import.meta.url)];

export async function loadRenderer(templates: URL): Promise<(name: string, data: object) => string> {
  const { default: Handlebars } = await import("handlebars");
  const handlebars = Handlebars.create();
  for (const folder of PARTIALS) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".hbs"))) {
      handlebars.registerPartial(file.slice(0, -".hbs".length), readFileSync(new URL(file, folder), "utf8"));
    }
  }
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  return (name, data) => {
    let template = cache.get(name);
    if (!template) {
      const [folder, file] = name.includes("/") ? name.split("/", 2) : [null, name];
      const dir = folder === null ? templates : SHARED[folder];
      if (!dir) throw new Error(`no shared template folder "${folder}" (template ${name})`);
      const text = readFileSync(new URL(`${file}.hbs`, dir), "utf8");
      // Code, not HTML: no escaping; strict so a misspelt field fails loudly instead of rendering "".
      template = handlebars.compile(text, { noEscape: true, strict: true });
      cache.set(name, template);
    }
    return template(data);
  };
}
