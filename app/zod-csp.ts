/**
 * An inline script for the top of every page: turns off zod's JIT in the browser before any
 * module loads. The JIT probes `new Function` when an object schema is built; the pages' CSP has no
 * 'unsafe-eval', so the browser reports that probe as a CSP violation even though zod catches it.
 * A classic inline script runs before every module script, whatever order the bundler's chunks
 * load in, and zod reads this global when it starts (what `z.config({ jitless: true })` would set
 * too late: modules build schemas as they load). The server keeps zod's JIT.
 */
export const ZOD_JITLESS_SCRIPT = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
