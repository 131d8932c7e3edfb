/**
 * zod compiles its object parsers with `new Function` where it may, and probes for that when the
 * first object schema is made. The console's Content-Security-Policy allows no eval, so the
 * probe would be reported as a violation: the interpreted parsers are used from the start. This
 * module is imported first by main.tsx, before any module that makes a schema.
 */
import { config } from 'zod';

config({ jitless: true });
