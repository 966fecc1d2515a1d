// The portal's Content-Security-Policy forbids eval. Zod decides when each schema is built whether
// it may compile parsers with `new Function`, and probes for it, which the browser reports as a CSP
// violation on every page load. Zod reads this setting when it loads, so it has to be here, in a
// script that runs before the app's modules (a deferred script before the module script), rather
// than in the app, whose bundler runs the contracts' schema definitions first.
globalThis.__zod_globalConfig = { jitless: true };
