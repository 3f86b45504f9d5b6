// The site's Content-Security-Policy allows no eval: zod's compiled object parsers would try
// `new Function` once (a CSP violation each page load); its interpreted parsers need none. The
// flag is read as schemas are built, so it is set before any page's schemas exist. zod keeps
// `z.config()` on globalThis.__zod_globalConfig and adopts one set before it loads: setting it
// there spares the shell zod's code, which only pages with forms load (zod-without-eval.spec.ts).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
