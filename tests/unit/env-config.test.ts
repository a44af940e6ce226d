import { describe, expect, it } from "vitest";
import { ConfigError, isLocalDomain, listenAddress, outboxEnabled, outboxStatus, parseEnv as parseProcessEnv } from "~/env.server";

/** The configuration these variables give (nothing else of the process's environment). */
const parseEnv = (variables: Record<string, string>) => parseProcessEnv(variables as NodeJS.ProcessEnv);

const SECRET = "a-real-secret-0123456789abcdef";

describe("isLocalDomain", () => {
  it("knows this machine's names, with or without a port", () => {
    for (const domain of ["localhost", "localhost:3000", "LOCALHOST:3222", "portal.localhost:8080", "127.0.0.1", "127.0.0.1:3000", "127.1.2.3:80"]) {
      expect(isLocalDomain(domain), domain).toBe(true);
    }
  });

  it("treats every other name as reachable by others", () => {
    for (const domain of [
      "portal.example.com",
      "example.com:3000",
      "localhost.example.com",
      "mylocalhost",
      "10.0.0.5:3000",
      "192.168.1.10",
      "0.0.0.0:3000",
      "128.0.0.1",
    ]) {
      expect(isLocalDomain(domain), domain).toBe(false);
    }
  });
});

describe("APP_DOMAIN when it is not set", () => {
  it("is this machine on the port the server listens on, so PORT=4000 serves acme.localhost:4000", () => {
    expect(parseEnv({}).APP_DOMAIN).toBe("localhost:3000");
    expect(parseEnv({ PORT: "4000" }).APP_DOMAIN).toBe("localhost:4000");
    expect(parseEnv({ PORT: "4000", APP_DOMAIN: "portal.example.com", SESSION_SECRET: SECRET }).APP_DOMAIN).toBe("portal.example.com");
    expect(parseEnv({ PORT: "4000", APP_DOMAIN: "" }).APP_DOMAIN).toBe("localhost:4000");
  });

  it("leaves a bad PORT to PORT's own message", () => {
    expect(() => parseEnv({ PORT: "port" })).toThrow(/PORT/);
  });
});

describe("the development outbox", () => {
  const local = { APP_DOMAIN: "localhost:3000", RESEND_API_KEY: undefined, TWILIO_ACCOUNT_SID: undefined };

  it("is on with no email or SMS provider on a local APP_DOMAIN, whatever NODE_ENV", () => {
    expect(outboxStatus(local)).toEqual({ enabled: true, reason: expect.stringMatching(/no email or SMS provider/) });
    expect(outboxEnabled(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, APP_DOMAIN: "localhost:3000" }))).toBe(true);
    expect(outboxEnabled(parseEnv({ NODE_ENV: "development" }))).toBe(true);
  });

  it("is off as soon as a provider is configured", () => {
    expect(outboxStatus({ ...local, RESEND_API_KEY: "re_123" })).toEqual({ enabled: false, reason: expect.stringContaining("RESEND_API_KEY") });
    expect(outboxStatus({ ...local, TWILIO_ACCOUNT_SID: "AC123" })).toEqual({ enabled: false, reason: expect.stringContaining("TWILIO_ACCOUNT_SID") });
    expect(outboxEnabled({ ...local, RESEND_API_KEY: "re_123", TWILIO_ACCOUNT_SID: "AC123" })).toBe(false);
  });

  it("is off on a domain others can reach, even in development", () => {
    expect(outboxStatus({ ...local, APP_DOMAIN: "portal.example.com" })).toEqual({ enabled: false, reason: expect.stringContaining("portal.example.com") });
    expect(outboxEnabled(parseEnv({ NODE_ENV: "development", APP_DOMAIN: "portal.example.com", SESSION_SECRET: SECRET }))).toBe(false);
  });
});

describe("SESSION_SECRET", () => {
  it("is required on an APP_DOMAIN that is not local, in any mode", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      expect(() => parseEnv({ NODE_ENV, APP_DOMAIN: "portal.example.com" }), NODE_ENV).toThrow(ConfigError);
      expect(() => parseEnv({ NODE_ENV, APP_DOMAIN: "portal.example.com" }), NODE_ENV).toThrow(/SESSION_SECRET/);
    }
    expect(parseEnv({ APP_DOMAIN: "portal.example.com", SESSION_SECRET: SECRET }).SESSION_SECRET).toBe(SECRET);
  });

  it("may be left out on a local APP_DOMAIN outside production", () => {
    expect(parseEnv({ NODE_ENV: "development" }).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "development", APP_DOMAIN: "acme.localhost:3000" }).SESSION_SECRET).toBeUndefined();
  });

  it("is still required in production, even on a local APP_DOMAIN", () => {
    expect(() => parseEnv({ NODE_ENV: "production", APP_DOMAIN: "localhost:3000" })).toThrow(/SESSION_SECRET is required in production/);
  });
});

describe("database URLs", () => {
  const app = "postgresql://portal_app_login:pw@db.internal:5432/portal";
  const owner = "postgresql://portal_owner:pw@db.internal:5432/portal";

  it("takes the app's login and the owner as two URLs", () => {
    expect(parseEnv({ DATABASE_URL: app, DATABASE_OWNER_URL: owner })).toMatchObject({ DATABASE_URL: app, DATABASE_OWNER_URL: owner });
  });

  it("refuses the owner without the app's login, and one login for both", () => {
    expect(() => parseEnv({ DATABASE_OWNER_URL: owner })).toThrow(/DATABASE_OWNER_URL needs DATABASE_URL/);
    expect(() => parseEnv({ DATABASE_URL: owner, DATABASE_OWNER_URL: owner })).toThrow(/different roles/);
  });
});

describe("listenAddress (npm start checks the port before the rest of the configuration is filled in)", () => {
  const listen = (variables: Record<string, string>) => listenAddress(variables as NodeJS.ProcessEnv);

  it("reads PORT and HOST as the full configuration does, whatever else is missing", () => {
    expect(listen({})).toEqual({ port: 3000, host: "0.0.0.0" });
    const set = { PORT: "4000", HOST: "127.0.0.1", NODE_ENV: "production", APP_DOMAIN: "portal.example.com" };
    // The full configuration refuses this one (no SESSION_SECRET): the address is still known.
    expect(() => parseEnv(set)).toThrow(ConfigError);
    expect(listen(set)).toEqual({ port: 4000, host: "127.0.0.1" });
    const full = parseEnv({ ...set, SESSION_SECRET: SECRET });
    expect(listen(set)).toEqual({ port: full.PORT, host: full.HOST });
  });

  it("refuses a port that is not one", () => {
    expect(() => listen({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => listen({ PORT: "http" })).toThrow(ConfigError);
  });
});
