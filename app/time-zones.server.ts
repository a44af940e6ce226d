/**
 * The time-zone functions route loaders use (app/time-zones.ts), imported from here so that the
 * browser's bundle of the route, which gets an empty module, does not carry date-fns.
 */
export { readerTimeZone, todayIn } from "./time-zones";
