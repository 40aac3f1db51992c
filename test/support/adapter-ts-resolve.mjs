// A module resolve hook for running the TypeScript sources directly under Node ≥ 23.6 (which strips types
// natively): our sources import each other with `.js` suffixes (as the build output will), so a relative
// `./x.js` that does not exist is retried as `./x.ts`.
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith("./") || specifier.startsWith("../");
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !relative || !specifier.endsWith(".js")) throw error;
    return nextResolve(`${specifier.slice(0, -".js".length)}.ts`, context);
  }
}
