import type { Db } from '../../src/db/pool.ts';
import { createCatalogue, type CatalogueFixture } from './fixtures.ts';

// A small tour world for the reservation-change tests (issue #20): two age groups, a tour with prices, a
// season, cancellation tiers 48 h 0 % / 24 h 50 % / 0 h 100 %, equipment (a life jacket per participant,
// a serialized kayak per booking), and another tour.

const ALL_STEPS = `ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description']`;

export interface TourWorld {
  catalogue: CatalogueFixture;
  adult: number;
  child: number;
  definition: number;
  otherDefinition: number;
}

let seq = 0;

export async function createTourWorld(
  db: Db,
  loc: number,
  opts: {
    capacity?: number;
    seasonDay?: string;
    bulkStock?: number;
    items?: number;
    /** Another world's age groups (ages may not overlap between groups). */
    groups?: { adult: number; child: number };
  } = {},
): Promise<TourWorld> {
  const n = ++seq;
  const q = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows;
  const catalogue = await createCatalogue(db, loc, {
    items: opts.items ?? 3,
    bulkStock: opts.bulkStock ?? 20,
  });
  const groups = opts.groups ?? {
    adult: (
      await q(`INSERT INTO tour_age_groups (name, min_age) VALUES ($1, 18) RETURNING id`, [`Adult ${n}`])
    )[0].id as number,
    child: (
      await q(`INSERT INTO tour_age_groups (name, min_age, max_age) VALUES ($1, 4, 17) RETURNING id`, [
        `Child ${n}`,
      ])
    )[0].id as number,
  };
  const { adult, child } = groups;
  const define = async (code: string) =>
    (
      await q(
        `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                       min_participants, participants_per_leader, min_leaders)
         VALUES ($1, $2, $3, 'active', ${ALL_STEPS}, 120, $4, 1, 10, 1) RETURNING id`,
        [loc, code, `Tour ${code}`, opts.capacity ?? 10],
      )
    )[0].id as number;
  const definition = await define(`TC${n}A`);
  const otherDefinition = await define(`TC${n}B`);
  for (const d of [definition, otherDefinition])
    await q(
      `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor) VALUES ($1, $2, 10000), ($1, $3, 5000)`,
      [d, adult, child],
    );
  await q(
    `INSERT INTO tour_definition_cancellation_tiers (definition_id, hours_before, fee_bp)
     VALUES ($1, 48, 0), ($1, 24, 5000), ($1, 0, 10000)`,
    [definition],
  );
  if (opts.seasonDay) {
    const season = (
      await q(
        `INSERT INTO tour_definition_seasons (definition_id, name, days) VALUES ($1, 'High', daterange($2::date, $2::date, '[]')) RETURNING id`,
        [definition, opts.seasonDay],
      )
    )[0].id as number;
    await q(
      `INSERT INTO tour_definition_season_prices (season_id, age_group_id, price_minor) VALUES ($1, $2, 12000), ($1, $3, 6000)`,
      [season, adult, child],
    );
  }
  await q(
    `INSERT INTO tour_definition_items (definition_id, product_id, per) VALUES ($1, $2, 'participant'), ($1, $3, 'booking')`,
    [definition, catalogue.bulkProductId, catalogue.rentProductId],
  );
  return { catalogue, adult, child, definition, otherDefinition };
}

/** A departure (status scheduled) of `definition` starting at `startsAt`, two hours long. */
export async function createDeparture(
  db: Db,
  loc: number,
  definition: number,
  startsAt: string,
  capacity = 10,
): Promise<number> {
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz + interval '2 hours', $4, 1) RETURNING id`,
    [definition, loc, startsAt, capacity],
  );
  return Number(rows[0]!.id);
}
