import * as z from "zod";

import { randomBytes } from "node:crypto";

/**
 * The product's configuration, read from environment variables and validated once.
 * Everything here is server-only: nothing of it reaches the browser (a loader that needs a value
 * there, such as the app domain on the sign-up page, returns it itself).
 *
 * With no configuration, `npm start` fills DATABASE_URL, DATABASE_OWNER_URL, SESSION_SECRET and
 * the S3 settings from the embedded services it starts (scripts/lib/boot.ts) before this module
 * is first read.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["true", "1", "yes"].includes(v)));

const DEFAULT_APP_DOMAIN = "localhost:3000";

/**
 * APP_DOMAIN when it is not set: this machine on the port the server listens on (`PORT=4000
 * npm start` serves acme.localhost:4000), `localhost:3000` by default.
 */
export function defaultAppDomain(source: NodeJS.ProcessEnv = process.env): string {
  const port = source.PORT?.trim();
  return port && /^\d{1,5}$/.test(port) ? `localhost:${Number(port)}` : DEFAULT_APP_DOMAIN;
}

/**
 * Whether APP_DOMAIN names this machine only (`localhost`, `*.localhost`, `127.x.x.x`, with any
 * port): then no real visitor can reach the portal under it, and its links point at this machine.
 */
export function isLocalDomain(appDomain: string): boolean {
  const host = appDomain.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The user name in a postgresql:// URL (for telling two logins apart), or null. */
function urlUser(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).username) || null;
  } catch {
    return null;
  }
}

/** Where the app servers listen. */
const listenSchema = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
};

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    ...listenSchema,
    APP_DOMAIN: z
      .string()
      .default(DEFAULT_APP_DOMAIN)
      .refine((v) => /^[a-z0-9.-]+(:\d{1,5})?$/i.test(v), "APP_DOMAIN must be a host name with an optional port, e.g. example.com or localhost:3000"),
    APP_PROTOCOL: z.enum(["http", "https"]).default("http"),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
    /** The app's own login: member of portal_app only (see README, "Database roles"). */
    DATABASE_URL: z.string().url("DATABASE_URL must be a postgresql:// URL").optional(),
    /** The owner of the tables: migrations, the job queue (pg-boss) and maintenance scripts. */
    DATABASE_OWNER_URL: z.string().url("DATABASE_OWNER_URL must be a postgresql:// URL").optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * The longest a request waits for a pooled connection (every one busy) or for a new one to
     * open (a database that doesn't answer), in milliseconds: then it answers 503 with Retry-After.
     */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** false: every statement is parsed and planned each time (for a pooler that can't keep prepared statements). */
    DATABASE_PREPARED_STATEMENTS: bool,
    S3_ENDPOINT: z.string().url().optional(),
    S3_PUBLIC_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool,
    RESEND_API_KEY: z.string().optional(),
    RESEND_BASE_URL: z.string().url().optional(),
    EMAIL_FROM: z.string().default("notifications@localhost"),
    /** A maintenance alert shown to everyone signed in, on every firm's site (HTML, sanitised); unset or empty: none. */
    MAINTENANCE_ALERT: z.string().max(2000).optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM_NUMBER: z.string().optional(),
    TWILIO_BASE_URL: z.string().url().optional(),
    /** Real Stripe (a secret key of the platform account, with Connect); unset: the local Stripe-protocol fake (app/payments/). */
    STRIPE_SECRET_KEY: z.string().optional(),
    /** The signing secret of the platform's webhook endpoint for connected accounts (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Without STRIPE_SECRET_KEY: where the local Stripe-protocol fake listens (`npm start` sets it). */
    STRIPE_FAKE_URL: z.string().url().optional(),
    SEED_DEMO: bool,
    /** Background jobs run in every app server unless false; then only in `tsx scripts/worker.ts` processes. */
    JOBS_WORKER: bool,
    TRUST_PROXY: bool,
    // Session lifetimes (absolute, from sign-in) and idle timeouts, per kind of user.
    SESSION_ABSOLUTE_HOURS_STAFF: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(12),
    SESSION_ABSOLUTE_HOURS_CLIENT: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(14 * 24),
    SESSION_IDLE_MINUTES_STAFF: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 90)
      .default(30),
    SESSION_IDLE_MINUTES_CLIENT: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 90)
      .default(12 * 60),
    // Sign-in requests allowed per client address and firm in 10 minutes (an office behind one
    // address signs in many people; a load test or a browser test suite needs more).
    SIGN_IN_REQUEST_LIMIT: z.coerce.number().int().min(10).max(1_000_000).default(300),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required in production" });
    } else if (!env.SESSION_SECRET && !isLocalDomain(env.APP_DOMAIN)) {
      // A portal reachable by others must sign its cookies and codes with a secret only it knows.
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: `SESSION_SECRET is required when APP_DOMAIN (${env.APP_DOMAIN}) is not local: set it to a long random value, the same on every app server`,
      });
    }
    if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: 'DATABASE_OWNER_URL needs DATABASE_URL too: the app\'s own login on the same database (see README, "Database roles")',
      });
    }
    if (env.DATABASE_URL && env.DATABASE_OWNER_URL && urlUser(env.DATABASE_URL) === urlUser(env.DATABASE_OWNER_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: "DATABASE_URL and DATABASE_OWNER_URL must log in as different roles: the app's login may act only as portal_app, never as the owner",
      });
    }
    if (env.TWILIO_ACCOUNT_SID && (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM_NUMBER)) {
      ctx.addIssue({ code: "custom", path: ["TWILIO_AUTH_TOKEN"], message: "TWILIO_ACCOUNT_SID needs TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the Connect webhook endpoint)",
      });
    }
    if (env.S3_ENDPOINT || env.S3_BUCKET) {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when S3 is configured` });
      }
    }
  });

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export class ConfigError extends Error {}

function configError(error: z.ZodError): ConfigError {
  const lines = error.issues.map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Parses process.env; throws a ConfigError listing every problem at once. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source.APP_DOMAIN ? source : { ...source, APP_DOMAIN: defaultAppDomain(source) });
  if (!result.success) throw configError(result.error);
  return result.data;
}

/** PORT and HOST on their own, as `parseEnv` reads them: `npm start` checks the port before the rest of the configuration is filled in. */
export function listenAddress(source: NodeJS.ProcessEnv = process.env): { port: number; host: string } {
  const result = z.object(listenSchema).safeParse(source);
  if (!result.success) throw configError(result.error);
  return { port: result.data.PORT, host: result.data.HOST };
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For scripts that change process.env after a first read (embedded services). */
export function resetEnvCache() {
  cached = undefined;
}

let processSecret: string | undefined;

/**
 * The secret that signs session cookies and keys code hashes. Without SESSION_SECRET (allowed only
 * on a local APP_DOMAIN outside production; `npm start` keeps one in its data dir so sessions
 * survive a restart) it is random per process: never a value anyone else could know. The app is
 * loaded once per process (the Remix server build), so this module's copy is the process's.
 */
export function sessionSecret(): string {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  processSecret ??= randomBytes(32).toString("base64url");
  return processSecret;
}

export interface OutboxStatus {
  enabled: boolean;
  /** Why, in words for the start-up message. */
  reason: string;
}

/**
 * Whether /dev/outbox and /dev/outbox.json show the email and SMS the product "sent": only when
 * nothing is really sent (no RESEND_API_KEY, no TWILIO_ACCOUNT_SID) and the portal runs on a local
 * APP_DOMAIN, as with `npm start`'s embedded defaults. NODE_ENV plays no part: a local portal in
 * production mode keeps its outbox, and a real deployment never shows one, whatever NODE_ENV says.
 */
export function outboxStatus(config: Pick<Env, "RESEND_API_KEY" | "TWILIO_ACCOUNT_SID" | "APP_DOMAIN">): OutboxStatus {
  const providers = [config.RESEND_API_KEY && "RESEND_API_KEY", config.TWILIO_ACCOUNT_SID && "TWILIO_ACCOUNT_SID"].filter(Boolean);
  if (providers.length) return { enabled: false, reason: `${providers.join(" and ")} ${providers.length > 1 ? "are" : "is"} set: messages go to the provider` };
  if (!isLocalDomain(config.APP_DOMAIN)) return { enabled: false, reason: `APP_DOMAIN ${config.APP_DOMAIN} is not local` };
  return { enabled: true, reason: "no email or SMS provider is configured and APP_DOMAIN is local" };
}

export function outboxEnabled(config: Pick<Env, "RESEND_API_KEY" | "TWILIO_ACCOUNT_SID" | "APP_DOMAIN"> = env()): boolean {
  return outboxStatus(config).enabled;
}

/** Absolute URL of the root domain, or of a firm's subdomain. */
export function siteUrl(slug?: string): string {
  const { APP_PROTOCOL, APP_DOMAIN } = env();
  return `${APP_PROTOCOL}://${slug ? `${slug}.` : ""}${APP_DOMAIN}`;
}
