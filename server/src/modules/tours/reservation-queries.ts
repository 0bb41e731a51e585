import { AppError } from '@nine/shared/errors';
import type {
  TourManifestRow,
  TourReservationDetail,
  TourReservationTour,
  TourShareLinkState,
} from '@nine/shared/schemas/tours/reservations';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { getOrderDetail } from '../orders/order-detail.ts';

// Reading reservations: the detail's tour block, the share link's state and the manifest's rows. A reservation is
// read at its order's location and, for a caller in the guides' own scope (event-service scopeOf), only when the
// caller leads its event (else 404, as for events).

/** `e` (tour_events) is led by leader `$n`, or `$n` is null (every event of the location). */
export function inScope(param: string): string {
  return `(${param}::int IS NULL OR EXISTS (SELECT 1 FROM tour_event_leaders s WHERE s.event_id = e.id AND s.leader_id = ${param}))`;
}

/** The public URL a share link token opens. */
export function shareLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/nine/participant/signe?token=${encodeURIComponent(token)}`;
}

export interface ReadDeps {
  publicUrl: string;
  secrets: SecretBox | null;
}

/** The reservation's latest share link: null when none was made; its URL only when it is live and sealed. */
export async function shareLinkState(
  q: Queryable,
  orderId: number,
  deps: ReadDeps,
  now: Date,
): Promise<TourShareLinkState | null> {
  const link = await maybeOne<{ token_sealed: string | null; expires_at: Date; revoked_at: Date | null }>(
    q,
    `SELECT token_sealed, expires_at, revoked_at FROM order_access_tokens
     WHERE order_id = $1 AND purpose = 'share_link' ORDER BY created_at DESC, revoked_at DESC NULLS FIRST LIMIT 1`,
    [orderId],
  );
  if (!link) return null;
  const revoked = link.revoked_at !== null;
  let url: string | null = null;
  if (!revoked && link.expires_at > now && link.token_sealed !== null && deps.secrets) {
    try {
      url = shareLinkUrl(deps.publicUrl, deps.secrets.open(link.token_sealed));
    } catch {
      // Sealed under another key (a rotated NINE_SECRET_KEY): the link still works, staff rotate to see one.
      url = null;
    }
  }
  return { url, expires_at: link.expires_at.toISOString(), revoked };
}

/** The reservation's event and locks nothing; 404 outside the location or the caller's scope. */
export async function reservationEventId(
  q: Queryable,
  orderId: number,
  locationId: number,
  scope: number | null,
): Promise<{ event_id: number; is_private: boolean }> {
  const found = await maybeOne<{ event_id: number; is_private: boolean }>(
    q,
    `SELECT r.event_id, r.is_private FROM tour_reservations r JOIN orders o ON o.id = r.order_id
     JOIN tour_events e ON e.id = r.event_id
     WHERE r.order_id = $1 AND o.location_id = $2 AND ${inScope('$3')}`,
    [orderId, locationId, scope],
  );
  if (!found) throw new AppError('notFound');
  return found;
}

/** GET /api/nine/tours/reservations/:id: the order view and its tour block. */
export async function reservationDetail(
  q: Queryable,
  orderId: number,
  locationId: number,
  scope: number | null,
  deps: ReadDeps,
  now: Date,
): Promise<TourReservationDetail> {
  const { event_id, is_private } = await reservationEventId(q, orderId, locationId, scope);
  // One query after another: `q` may be a transaction's client.
  const order = await getOrderDetail(q, orderId, locationId);
  const event = await maybeOne<
    Omit<TourReservationTour['event'], 'starts_at' | 'ends_at' | 'meeting_point'> & {
      starts_at: Date;
      ends_at: Date;
      mp_id: number | null;
      mp_name: string | null;
      mp_address: string | null;
      mp_instructions: string | null;
    }
  >(
    q,
    `SELECT e.id, e.starts_at, e.ends_at, e.status, e.capacity, e.seats_taken, l.time_zone,
            json_build_object('id', d.id, 'name', d.name, 'code', d.code::text) AS definition,
            mp.id AS mp_id, mp.name AS mp_name, mp.address AS mp_address, mp.instructions AS mp_instructions
     FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id JOIN locations l ON l.id = e.location_id
     LEFT JOIN tour_places mp ON mp.id = coalesce(e.meeting_point_id, d.meeting_point_id)
     WHERE e.id = $1`,
    [event_id],
  );
  if (!event) throw new AppError('notFound');
  const seats = await rows<TourReservationTour['seats'][number]>(
    q,
    `SELECT oi.tour_age_group_id AS age_group_id, a.name::text AS name, oi.quantity, oi.unit_price_minor,
            a.guardian_required
     FROM order_items oi JOIN tour_age_groups a ON a.id = oi.tour_age_group_id
     WHERE oi.order_id = $1 AND oi.tour_event_id IS NOT NULL AND oi.status <> 'cancelled'
     ORDER BY a.sort_order, a.id, oi.unit_price_minor DESC, oi.id`,
    [orderId],
  );
  const equipment = await rows<TourReservationTour['equipment'][number]>(
    q,
    `SELECT oi.product_id, p.name AS product_name, p.sku, i.sku AS item_sku, oi.quantity
     FROM order_items oi JOIN products p ON p.id = oi.product_id LEFT JOIN items i ON i.id = oi.item_id
     WHERE oi.order_id = $1 AND oi.tour_event_id IS NULL AND oi.status <> 'cancelled'
     ORDER BY p.name, p.id, i.sku NULLS FIRST, oi.id`,
    [orderId],
  );
  const participants = await rows<
    Omit<TourReservationTour['participants'][number], 'checked_in_at' | 'signed'> & {
      checked_in_at: Date | null;
      signed: { waiver_id: number; signed_at: string; signer_name: string; signer_role: string } | null;
    }
  >(
    q,
    `SELECT tp.id, tp.first_name, tp.last_name, tp.age_group_id, tp.is_organiser, tp.birth_date::text AS birth_date,
            tp.email::text AS email, tp.phone, tp.checked_in_at, tp.checkin_code,
            (SELECT json_build_object('waiver_id', w.id, 'signed_at', w.signed_at, 'signer_name', w.signer_name,
                                      'signer_role', w.signer_role)
             FROM tour_waivers w WHERE w.participant_id = tp.id ORDER BY w.id DESC LIMIT 1) AS signed
     FROM tour_participants tp WHERE tp.order_id = $1 ORDER BY tp.is_organiser DESC, tp.id`,
    [orderId],
  );
  const { mp_id, mp_name, mp_address, mp_instructions, ...head } = event;
  return {
    ...order,
    tour: {
      event: {
        ...head,
        starts_at: head.starts_at.toISOString(),
        ends_at: head.ends_at.toISOString(),
        meeting_point:
          mp_id === null
            ? null
            : { id: mp_id, name: mp_name!, address: mp_address, instructions: mp_instructions },
      },
      seats,
      equipment,
      participants: participants.map((p) => ({
        ...p,
        checked_in_at: p.checked_in_at?.toISOString() ?? null,
        signed: p.signed && {
          ...p.signed,
          signed_at: new Date(p.signed.signed_at).toISOString(),
          signer_role: p.signed.signer_role as 'self' | 'guardian' | 'staff_witness',
        },
      })),
      share_link: await shareLinkState(q, orderId, deps, now),
      is_private,
    },
  };
}

/**
 * The manifest's columns for participants `tp` of live reservations (o: orders, c: customers, a: age groups).
 * The answers summary joins each answered question's label and answer, in the questions' order.
 */
export const MANIFEST_ROW_SQL = `SELECT tp.id AS participant_id, o.id AS order_id, o.number AS order_number,
    CASE WHEN c.id IS NULL THEN NULL ELSE trim(c.first_name || ' ' || c.last_name) END AS customer_name,
    tp.first_name, tp.last_name, tp.age_group_id, a.name::text AS age_group_name, tp.is_organiser,
    tp.birth_date::text AS birth_date, tp.phone, w.id AS waiver_id, w.id IS NOT NULL AS signed, tp.checked_in_at,
    tp.checkin_code, tp.emergency_name, tp.emergency_phone,
    (SELECT string_agg(qn.label || ': ' || CASE jsonb_typeof(tp.answers -> qn.id::text)
                WHEN 'string' THEN tp.answers ->> qn.id::text ELSE (tp.answers -> qn.id::text)::text END, '; '
              ORDER BY qn.position)
     FROM tour_definition_questions qn WHERE qn.definition_id = e.definition_id
       AND tp.answers ? qn.id::text AND tp.answers -> qn.id::text <> 'null'::jsonb) AS answers_summary
  FROM tour_participants tp JOIN orders o ON o.id = tp.order_id
  JOIN tour_reservations r ON r.order_id = o.id JOIN tour_events e ON e.id = r.event_id
  LEFT JOIN customers c ON c.id = o.customer_id
  LEFT JOIN tour_age_groups a ON a.id = tp.age_group_id
  LEFT JOIN LATERAL (SELECT id FROM tour_waivers w WHERE w.participant_id = tp.id ORDER BY w.id DESC LIMIT 1) w ON true`;

type ManifestDbRow = Omit<TourManifestRow, 'checked_in_at'> & { checked_in_at: Date | null };

export function manifestRowOut(row: ManifestDbRow): TourManifestRow {
  return { ...row, checked_in_at: row.checked_in_at?.toISOString() ?? null };
}

/** The manifest rows of the event's live reservations (not cancelled), by order and then organiser first. */
export async function manifestRows(q: Queryable, eventId: number): Promise<TourManifestRow[]> {
  const found = await rows<ManifestDbRow>(
    q,
    `${MANIFEST_ROW_SQL}
     WHERE r.event_id = $1 AND o.status NOT IN ('cancelled', 'pre-cancel')
     ORDER BY o.number, tp.is_organiser DESC, tp.last_name, tp.first_name, tp.id`,
    [eventId],
  );
  return found.map(manifestRowOut);
}

/** One participant's manifest row (the answer of a check-in). */
export async function manifestRow(q: Queryable, participantId: number): Promise<TourManifestRow> {
  const found = await maybeOne<ManifestDbRow>(q, `${MANIFEST_ROW_SQL} WHERE tp.id = $1`, [participantId]);
  if (!found) throw new AppError('notFound');
  return manifestRowOut(found);
}
