import { crc32, deflateSync } from 'node:zlib';
import type { Db } from '../../src/db/pool.ts';
import { newAccessToken } from '../../src/modules/public/order-access-token.ts';
import { renderTermsBody } from '../../src/modules/tours/tour-terms-body.ts';
import type { RichTextDoc } from '@nine/shared/rich-text';

// Tour reservations made by SQL for the participant, waiver and public tests (issue #20): a published tour with
// two age groups, a departure, published terms, and orders with seat lines and access tokens.

const q = (db: Db, sql: string, params: unknown[] = []) => db.pool.query(sql, params);
const idOf = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await q(db, sql, params)).rows[0].id);

/** A published terms (or waiver) document: answers the document and its version ids. */
export async function publishTerms(
  db: Db,
  opts: { kind?: 'terms' | 'waiver'; title: string; text: string },
): Promise<{ termsId: number; versionId: number }> {
  const termsId = await idOf(db, `INSERT INTO tour_terms (kind, title) VALUES ($1, $2) RETURNING id`, [
    opts.kind ?? 'waiver',
    opts.title,
  ]);
  const versionId = await addTermsVersion(db, termsId, opts.text);
  return { termsId, versionId };
}

/** Publishes the next version of a document. */
export async function addTermsVersion(db: Db, termsId: number, text: string): Promise<number> {
  const body = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  } as RichTextDoc;
  const rendered = renderTermsBody(body);
  return idOf(
    db,
    `INSERT INTO tour_term_versions (terms_id, number, status, title, body, body_html, body_text, body_sha256,
       published_at)
     SELECT $1, coalesce(max(number), 0) + 1, 'published', t.title, $2, $3, $4, $5, now()
     FROM tour_terms t LEFT JOIN tour_term_versions v ON v.terms_id = t.id WHERE t.id = $1 GROUP BY t.title
     RETURNING id`,
    [termsId, JSON.stringify(body), rendered.html, rendered.text, rendered.sha256],
  );
}

export interface TourFixture {
  definitionId: number;
  seatProductId: number;
  adult: number;
  child: number;
  eventId: number;
  termsId: number;
  versionId: number;
  meetingPointId: number;
}

let seq = 0;

/**
 * A published tour at the location with a waiver, an Adult (18+) and a Child (4-11, guardian) age group
 * (created once per database), and one departure `startsAt` with `capacity` seats.
 */
export async function createTourFixture(
  db: Db,
  locationId: number,
  opts: { startsAt: string; capacity?: number; ageGroups?: { adult: number; child: number } },
): Promise<TourFixture> {
  seq++;
  const groups = opts.ageGroups ?? {
    adult: await idOf(
      db,
      `INSERT INTO tour_age_groups (name, min_age, max_age, sort_order) VALUES ('Adult', 18, NULL, 1) RETURNING id`,
    ),
    child: await idOf(
      db,
      `INSERT INTO tour_age_groups (name, min_age, max_age, guardian_required, sort_order)
       VALUES ('Child', 4, 11, true, 2) RETURNING id`,
    ),
  };
  const { termsId, versionId } = await publishTerms(db, {
    title: `Activity waiver ${seq}`,
    text: 'I ride at my own risk.',
  });
  const meetingPointId = await idOf(
    db,
    `INSERT INTO tour_places (location_id, kind, name, address, instructions)
     VALUES ($1, 'meeting_point', $2, '1 Harbour Road', 'By the blue kiosk') RETURNING id`,
    [locationId, `Pier ${seq}`],
  );
  const def = (
    await q(
      db,
      `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
         min_participants, participants_per_leader, min_leaders, waiver_id, meeting_point_id, what_to_bring)
       VALUES ($1, $2, $3, 'active',
         ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description'],
         120, 10, 1, 4, 1, $4, $5, 'Water and a hat')
       RETURNING id, seat_product_id`,
      [locationId, `TP${seq}X${locationId}`, `Sunset kayak ${seq}`, termsId, meetingPointId],
    )
  ).rows[0];
  const eventId = await idOf(
    db,
    `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz + interval '2 hours', $4, 1) RETURNING id`,
    [def.id, locationId, opts.startsAt, opts.capacity ?? 10],
  );
  return {
    definitionId: Number(def.id),
    seatProductId: Number(def.seat_product_id),
    ...groups,
    eventId,
    termsId,
    versionId,
    meetingPointId,
  };
}

/** A customer with a name, e-mail and phone. */
export async function createCustomer(
  db: Db,
  opts: { first: string; last: string; email: string | null; phone: string | null },
): Promise<number> {
  return idOf(
    db,
    `INSERT INTO customers (first_name, last_name, email, phone) VALUES ($1, $2, $3, $4) RETURNING id`,
    [opts.first, opts.last, opts.email, opts.phone],
  );
}

/** A tour reservation: the order, its seat lines per age group and its tour_reservations row. */
export async function createReservation(
  db: Db,
  opts: {
    locationId: number;
    tour: TourFixture;
    customerId: number | null;
    seats: Array<{ ageGroupId: number; quantity: number; priceMinor?: number }>;
    status?: string;
    eventId?: number;
  },
): Promise<{ orderId: number; number: string }> {
  const total = opts.seats.reduce((sum, s) => sum + s.quantity * (s.priceMinor ?? 5000), 0);
  const order = (
    await q(
      db,
      `INSERT INTO orders (type, source, status, location_id, customer_id, rental_type_id, total_minor)
       VALUES ('tour', 'walk_in', $1, $2, $3, (SELECT id FROM rental_types WHERE id = 2), $4)
       RETURNING id, number::text AS number`,
      [opts.status ?? 'confirmed', opts.locationId, opts.customerId, total],
    )
  ).rows[0];
  for (const s of opts.seats)
    await q(
      db,
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, tour_event_id, tour_age_group_id)
       VALUES ($1, $2, $3, $4, 'confirmed', $5, $6)`,
      [
        order.id,
        opts.tour.seatProductId,
        s.quantity,
        s.priceMinor ?? 5000,
        opts.eventId ?? opts.tour.eventId,
        s.ageGroupId,
      ],
    );
  await q(db, `INSERT INTO tour_reservations (order_id, event_id) VALUES ($1, $2)`, [
    order.id,
    opts.eventId ?? opts.tour.eventId,
  ]);
  return { orderId: Number(order.id), number: order.number };
}

/** A question of the definition (not required unless said); answers its id. */
export async function addQuestion(
  db: Db,
  definitionId: number,
  label: string,
  opts: { kind?: string; position?: number } = {},
): Promise<number> {
  const { rows } = await q(
    db,
    `INSERT INTO tour_definition_questions (definition_id, label, kind, required, position)
     VALUES ($1, $2, $3, false, $4) RETURNING id`,
    [definitionId, label, opts.kind ?? 'yes_no', opts.position ?? 0],
  );
  return Number(rows[0].id);
}

/** A rent order of the customer (riders sign the location's rent terms through easy-sign). */
export async function createRentOrder(
  db: Db,
  opts: { locationId: number; customerId: number | null; status?: string },
): Promise<{ orderId: number; number: string }> {
  const order = (
    await q(
      db,
      `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', $1, $2, $3)
       RETURNING id, number::text AS number`,
      [opts.status ?? 'confirmed', opts.locationId, opts.customerId],
    )
  ).rows[0];
  return { orderId: Number(order.id), number: order.number };
}

/** An access token of the order (share link unless said), live for a day unless told otherwise. */
export async function accessToken(
  db: Db,
  orderId: number,
  opts: { purpose?: 'share_link' | 'easy_sign'; expiresAt?: Date; revoked?: boolean } = {},
): Promise<string> {
  const { token, hash } = newAccessToken();
  await q(
    db,
    `INSERT INTO order_access_tokens (token_hash, order_id, purpose, expires_at, revoked_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      hash,
      orderId,
      opts.purpose ?? 'share_link',
      opts.expiresAt ?? new Date(Date.now() + 86_400_000),
      opts.revoked ? new Date() : null,
    ],
  );
  return token;
}

/** A tiny valid PNG (1x1), as a data URL: what a signature pad would send, in miniature. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A PNG chunk with its CRC (for crafting signatures the server must refuse). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` x `height` RGBA pixels whose header says so; `idat` replaces the compressed image data
 * (default: the real, blank rows), `end: false` leaves out the IEND chunk.
 */
export function craftPng(opts: { width: number; height: number; idat?: Buffer; end?: boolean }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(opts.width, 0);
  ihdr.writeUInt32BE(opts.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const idat =
    opts.idat ?? deflateSync(Buffer.alloc(opts.height * (1 + opts.width * 4)) /* filter 0, transparent */);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    ...(opts.end === false ? [] : [pngChunk('IEND', Buffer.alloc(0))]),
  ]);
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
