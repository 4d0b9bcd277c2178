import { z } from 'zod';

/**
 * zod for the schemas shared by pages and server. Its JIT probes `new Function` on the first
 * object parse, which the pages' CSP (no 'unsafe-eval') refuses and the browser reports as a
 * console error; the plain path is used everywhere instead (our inputs are small).
 */
z.config({ jitless: true });

export { z };
