/**
 * What makes a database login safe for the app (pure rules; app/db.server.ts reads the facts from
 * the catalog on every new connection and refuses the connection when this finds a problem).
 *
 * Row-level security is the last wall between firms. It holds only while the app's connections
 * can act as nothing but `portal_app`: a superuser or BYPASSRLS login ignores it, a login that may
 * SET ROLE to the owner (or any other role) is one `SET ROLE` away from ignoring it, the owner of
 * the tables (or of the schema, or the database) may switch it off, and CREATEROLE or REPLICATION
 * open other ways round. So the app logs in as its own role, granted portal_app and nothing else.
 */

export interface DatabaseLoginFacts {
  /** The role the connection logged in as (session_user). */
  login: string;
  /** The role its statements run as (current_user): portal_app when the startup switch worked. */
  actingAs: string;
  superuser: boolean;
  bypassRls: boolean;
  createRole: boolean;
  replication: boolean;
  /** Roles the login is a member of, directly or not, other than itself and the app role. */
  otherRoles: string[];
  /** Whether it (or the app role) owns a table, view, sequence or schema here, or the database. */
  ownsObjects: boolean;
}

/** Everything wrong with the login, in words that complete "the login …"; [] when it is safe. */
export function databaseLoginProblems(facts: DatabaseLoginFacts, appRole: string): string[] {
  const problems: string[] = [];
  if (facts.superuser) problems.push("is a superuser");
  if (facts.bypassRls) problems.push("has BYPASSRLS");
  if (facts.createRole) problems.push("has CREATEROLE");
  if (facts.replication) problems.push("has REPLICATION");
  // A superuser is a member of every role: naming them all says nothing more.
  if (facts.otherRoles.length && !facts.superuser) {
    const shown = facts.otherRoles.slice(0, 5).join(", ");
    const more = facts.otherRoles.length > 5 ? ` and ${facts.otherRoles.length - 5} more` : "";
    problems.push(`can act as other roles than ${appRole} (${shown}${more})`);
  }
  if (facts.ownsObjects) problems.push(`owns the database or objects in it, or ${appRole} does (an owner may switch row-level security off)`);
  if (facts.actingAs !== appRole) problems.push(`does not act as ${appRole} (its statements run as ${facts.actingAs})`);
  return problems;
}

export class DatabaseLoginError extends Error {
  override name = "DatabaseLoginError";
}

/** The error the app stops with: what is wrong, and which settings to change. */
export function databaseLoginError(facts: DatabaseLoginFacts, problems: string[], appRole: string): DatabaseLoginError {
  return new DatabaseLoginError(
    `Refusing to use the database login "${facts.login}" of DATABASE_URL: it ${problems.join("; ")}. ` +
      `The app must log in as its own role, one that can act only as ${appRole} so that row-level security applies to every query ` +
      `(LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOREPLICATION, granted ${appRole} and nothing else, owning nothing). ` +
      `Set DATABASE_URL to that login and DATABASE_OWNER_URL to the tables' owner (migrations and background jobs use it); ` +
      `README.md, "Database roles", shows the SQL.`,
  );
}
