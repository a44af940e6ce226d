/**
 * The demo firms, validated. The seed (prisma/seed.ts) loads these; `npm start` seeds them.
 * A definition that does not match tenants/schema.ts fails here, at import, with zod's message.
 */
import { acme } from "./acme";
import { firmDefinitionSchema, type FirmDefinition } from "./schema";
import { summit } from "./summit";

export const demoFirms: readonly FirmDefinition[] = [acme, summit].map((firm) => firmDefinitionSchema.parse(firm));

/** Every demo user (staff and clients) signs in with this password. */
export const DEMO_PASSWORD = "Portal-Demo-2026!";
