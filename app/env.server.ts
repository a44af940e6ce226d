import { z } from "zod";

/**
 * The product's configuration, read from environment variables and validated once.
 * Everything here is server-only; nothing reaches the browser unless listed in `publicEnv`.
 *
 * With no configuration, `npm start` fills DATABASE_URL and the S3 settings from the
 * embedded services it starts (scripts/start.ts) before this module is first read.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["true", "1", "yes"].includes(v)));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_DOMAIN: z
      .string()
      .default("localhost:3000")
      .refine((v) => /^[a-z0-9.-]+(:\d{1,5})?$/i.test(v), "APP_DOMAIN must be a host name with an optional port, e.g. example.com or localhost:3000"),
    APP_PROTOCOL: z.enum(["http", "https"]).default("http"),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
    DATABASE_URL: z.string().url("DATABASE_URL must be a postgresql:// URL").optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
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
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM_NUMBER: z.string().optional(),
    TWILIO_BASE_URL: z.string().url().optional(),
    SEED_DEMO: bool,
    /** Background jobs run in every app server unless false; then only in `tsx scripts/worker.ts` processes. */
    JOBS_WORKER: bool,
    TRUST_PROXY: bool,
    // Session lifetimes (absolute, from sign-in) and idle timeouts, per kind of user.
    SESSION_ABSOLUTE_HOURS_STAFF: z.coerce.number().int().min(1).max(24 * 90).default(12),
    SESSION_ABSOLUTE_HOURS_CLIENT: z.coerce.number().int().min(1).max(24 * 90).default(14 * 24),
    SESSION_IDLE_MINUTES_STAFF: z.coerce.number().int().min(1).max(60 * 24 * 90).default(30),
    SESSION_IDLE_MINUTES_CLIENT: z.coerce.number().int().min(1).max(60 * 24 * 90).default(12 * 60),
    // Sign-in requests allowed per client address and firm in 10 minutes (an office behind one
    // address signs in many people; a load test or a browser test suite needs more).
    SIGN_IN_REQUEST_LIMIT: z.coerce.number().int().min(10).max(1_000_000).default(300),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required in production" });
    }
    if (env.TWILIO_ACCOUNT_SID && (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM_NUMBER)) {
      ctx.addIssue({ code: "custom", path: ["TWILIO_AUTH_TOKEN"], message: "TWILIO_ACCOUNT_SID needs TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER" });
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

/** Parses process.env; throws a ConfigError listing every problem at once. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For scripts that change process.env after a first read (embedded services). */
export function resetEnvCache() {
  cached = undefined;
}

export function sessionSecret(): string {
  return env().SESSION_SECRET ?? "development-only-session-secret-change-me";
}

/** Absolute URL of the root domain, or of a firm's subdomain. */
export function siteUrl(slug?: string): string {
  const { APP_PROTOCOL, APP_DOMAIN } = env();
  return `${APP_PROTOCOL}://${slug ? `${slug}.` : ""}${APP_DOMAIN}`;
}
