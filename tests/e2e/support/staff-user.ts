import { sql } from './database.ts';

/** The demo staff's password: spec users copy a demo user's hash, so they sign in with it too. */
export const DEMO_PASSWORD = 'Nine-demo-1';

/** A location created for one spec only (with its general settings), so no other spec's data shows in it. */
export interface NewLocation {
  name: string;
  code: string;
  timeZone: string;
}

export interface SpecUserOptions {
  email: string;
  name: string;
  /** The demo user whose password hash (and, without `role`, roles) the spec user copies. */
  copyFrom?: string;
  /** Also copy the access key hash (the demo admin's key is 1234). */
  withAccessKey?: boolean;
  /** A role id to hold instead of `copyFrom`'s roles. */
  role?: number;
  /**
   * Where the roles are held: an existing location's code, or a new location of the spec's own. Without it,
   * at `copyFrom`'s locations (and with its default location).
   */
  location?: string | NewLocation;
}

/**
 * Creates a staff user for one spec (specs run in parallel and must not share users). Safe to rerun on the
 * same database: an existing user or grant is kept (a new location is not: its name and code are unique).
 */
export async function createSpecUser({
  email,
  name,
  copyFrom = 'admin@nine.test',
  withAccessKey = false,
  role,
  location,
}: SpecUserOptions): Promise<{ userId: number; locationId: number | null }> {
  let locationId: number | null = null;
  if (typeof location === 'string') {
    locationId = (await sql<{ id: number }>(`SELECT id FROM locations WHERE code = $1`, [location]))[0]!.id;
  } else if (location) {
    locationId = (
      await sql<{ id: number }>(
        `INSERT INTO locations (name, code, time_zone) VALUES ($1, $2, $3) RETURNING id`,
        [location.name, location.code, location.timeZone],
      )
    )[0]!.id;
    await sql(`INSERT INTO general_settings (location_id) VALUES ($1)`, [locationId]);
  }

  await sql(
    `INSERT INTO users (name, email, password_hash, access_key_hash, default_location_id, status)
     SELECT $2, $3, password_hash, CASE WHEN $4::boolean THEN access_key_hash END,
       CASE WHEN $5::boolean THEN default_location_id END, 'active'
     FROM users WHERE email = $1
     ON CONFLICT (email) DO NOTHING`,
    [copyFrom, name, email, withAccessKey, locationId === null],
  );
  const [user] = await sql<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]);
  if (!user) throw new Error(`No demo user ${copyFrom} to copy for ${email}`);

  // copyFrom's grants: each role at each of its locations, or its distinct roles at the one location asked.
  await sql(
    `INSERT INTO user_roles (user_id, role_id, location_id)
     SELECT DISTINCT $2::int, coalesce($3::int, r.role_id), coalesce($4::int, r.location_id)
     FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = $1
     ON CONFLICT DO NOTHING`,
    [copyFrom, user.id, role ?? null, locationId],
  );
  return { userId: user.id, locationId };
}
