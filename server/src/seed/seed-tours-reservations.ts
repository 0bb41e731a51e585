import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import sharp from 'sharp';
import { priceFor, type TourPrice, type TourSeasonPrices } from '@nine/shared/tour-pricing';
import { exec, one, rows } from '../db/sql.ts';
import { secretBoxFromEnv } from '../lib/secret-box.ts';
import { createTranslator } from '../lib/translator.ts';
import { glAccounts, methodAccount } from '../modules/money/gl-accounts.ts';
import { hashAccessToken } from '../modules/public/order-access-token.ts';
import { waiverContent, waiverContentHash } from '../modules/tours/waiver-content.ts';
import { bulkInsert, type Column } from './bulk-insert.ts';
import { FIRST_NAMES, LAST_NAMES } from './catalogue.ts';
import { AUDIT_COLUMNS, INVOICE_COLUMNS, LINE_COLUMNS } from './order-columns.ts';
import { createRandom, uuid, type Random } from './random.ts';

const MINUTE = 60_000;
/** The repository's locales (as config.ts finds them), without loading the whole configuration. */
const LOCALES_DIR = fileURLToPath(new URL('../../../locales', import.meta.url));
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;

const ORDER_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['number', 'int8'],
  ['type', 'order_type'],
  ['source', 'order_source'],
  ['status', 'order_status'],
  ['location_id', 'int4'],
  ['customer_id', 'int4'],
  ['rental_type_id', 'int4'],
  ['planned_start', 'timestamptz'],
  ['planned_finish', 'timestamptz'],
  ['actual_start', 'timestamptz'],
  ['actual_finish', 'timestamptz'],
  ['closed_at', 'timestamptz'],
  ['cancelled_at', 'timestamptz'],
  ['total_minor', 'int8'],
  ['customer_note', 'text'],
  ['created_by', 'int4'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const ITEM_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['order_id', 'int8'],
  ['product_id', 'int4'],
  ['quantity', 'int4'],
  ['unit_price_minor', 'int8'],
  ['status', 'order_item_status'],
  ['tour_event_id', 'int8'],
  ['tour_age_group_id', 'int4'],
  ['delivered_at', 'timestamptz'],
  ['returned_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
];
const PAYMENT_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['order_id', 'int8'],
  ['invoice_id', 'int8'],
  ['customer_id', 'int4'],
  ['location_id', 'int4'],
  ['cash_register_id', 'int4'],
  ['method', 'payment_method'],
  ['amount_minor', 'int8'],
  ['reference', 'text'],
  ['created_by', 'int4'],
  ['created_at', 'timestamptz'],
];
const LEDGER_COLUMNS: Column[] = [
  ['txn_id', 'uuid'],
  ['gl_code', 'text'],
  ['amount_minor', 'int8'],
  ['location_id', 'int4'],
  ['order_id', 'int8'],
  ['invoice_id', 'int8'],
  ['payment_id', 'int8'],
  ['created_at', 'timestamptz'],
];
const PARTICIPANT_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['order_id', 'int8'],
  ['age_group_id', 'int4'],
  ['is_organiser', 'bool'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['birth_date', 'date'],
  ['email', 'citext'],
  ['phone', 'text'],
  ['emergency_name', 'text'],
  ['emergency_phone', 'text'],
  ['checkin_code', 'text'],
  ['checked_in_at', 'timestamptz'],
  ['checked_in_by', 'int4'],
  ['created_via', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const WAIVER_COLUMNS: Column[] = [
  ['participant_id', 'int8'],
  ['order_id', 'int8'],
  ['term_version_id', 'int8'],
  ['signer_name', 'text'],
  ['signer_role', 'text'],
  ['guardian_relation', 'text'],
  ['signed_content', 'jsonb'],
  ['content_sha256', 'bytea'],
  ['signature_png', 'bytea'],
  ['signed_at', 'timestamptz'],
  ['ip', 'inet'],
  ['user_agent', 'text'],
  ['created_via', 'text'],
  ['created_by', 'int4'],
];

const PHONE_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];
const NOTES = [
  'Celebrating a birthday.',
  'One of us is a little nervous on the water.',
  'We may be a few minutes late, coming by ferry.',
  'Vegetarian, please.',
];
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A name for a signature: a few strokes drawn once, the same PNG every seed. */
async function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><path d="M10 55 C 30 10, 45 10, 50 50
    S 70 70, 85 35 S 110 20, 115 50 S 140 65, 150 30 L 160 52 C 175 20, 190 25, 200 48 S 220 40, 230 30" fill="none"
    stroke="#1a202c" stroke-width="3" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** The size of a party: mostly couples and singles, some families. */
function partySize(rng: Random): number {
  const r = rng.next();
  return r < 0.25 ? 1 : r < 0.6 ? 2 : r < 0.75 ? 3 : r < 0.9 ? 4 : r < 0.96 ? 5 : 6;
}

interface EventRow {
  id: number;
  definition_id: number;
  location_id: number;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  local_day: string;
  name: string;
  seat_product_id: number;
  terms_id: number | null;
}

/**
 * About 2,000 tour reservations over the seeded departures (issue #20), each an order of type 'tour' with one seat
 * line per age group priced by `priceFor`, billed and paid by the ledger rules the orders seed follows: departures
 * that have run are closed, checked in, signed and paid; coming ones are mostly confirmed, about 85 % of their
 * participants signed and about 15 % of them with a balance due, a few cancelled, some with a share link, some paid
 * online (test provider), a few full with customers waiting. Seats never pass capacity: the seed loads as a replica
 * (no seat trigger), so rebuild_derived_tables() counts them afterwards and the capacity CHECK decides. Its own
 * random stream: nothing seeded before changes.
 */
export async function seedTourReservations(client: pg.PoolClient, now: Date): Promise<number> {
  const rng = createRandom(20261126);
  const nowMs = now.getTime();
  const events = await rows<EventRow>(
    client,
    `SELECT e.id, e.definition_id, e.location_id, e.starts_at, e.ends_at, e.capacity,
            to_char(e.starts_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD') AS local_day, d.name, d.seat_product_id,
            coalesce(d.waiver_id, d.terms_id) AS terms_id
     FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id JOIN locations l ON l.id = e.location_id
     WHERE e.status <> 'cancelled' AND d.seat_product_id IS NOT NULL ORDER BY e.starts_at, e.id`,
  );
  if (events.length === 0) return 0;
  const ageGroups = await rows<{
    id: number;
    name: string;
    min_age: number;
    max_age: number | null;
    guardian_required: boolean;
  }>(
    client,
    `SELECT id, name::text AS name, min_age, max_age, guardian_required FROM tour_age_groups WHERE active
     ORDER BY sort_order, id`,
  );
  const byName = (name: string) => ageGroups.find((g) => g.name === name) ?? ageGroups[0]!;
  const [adult, youth, child, infant] = [byName('Adult'), byName('Youth'), byName('Child'), byName('Infant')];
  const basePrices = new Map<number, TourPrice[]>();
  for (const p of await rows<{ definition_id: number } & TourPrice>(
    client,
    'SELECT definition_id, age_group_id, price_minor::int AS price_minor FROM tour_definition_prices',
  ))
    basePrices.set(p.definition_id, [...(basePrices.get(p.definition_id) ?? []), p]);
  const seasons = new Map<number, TourSeasonPrices[]>();
  for (const s of await rows<{ definition_id: number } & TourSeasonPrices>(
    client,
    `SELECT s.definition_id, lower(s.days)::text AS first_day, (upper(s.days) - 1)::text AS last_day,
            coalesce(json_agg(json_build_object('age_group_id', p.age_group_id, 'price_minor', p.price_minor))
              FILTER (WHERE p.age_group_id IS NOT NULL), '[]') AS prices
     FROM tour_definition_seasons s LEFT JOIN tour_definition_season_prices p ON p.season_id = s.id
     GROUP BY s.id ORDER BY s.id`,
  ))
    seasons.set(s.definition_id, [...(seasons.get(s.definition_id) ?? []), s]);
  const customers = await rows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
  }>(
    client,
    `SELECT id, first_name, last_name, email::text AS email, phone FROM customers WHERE NOT is_anonymous ORDER BY id`,
  );
  const clerks = new Map<number, number[]>();
  for (const r of await rows<{ location_id: number; user_id: number }>(
    client,
    `SELECT ur.location_id, ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id
     WHERE r.title IN ('Administrator', 'Counter clerk') ORDER BY 1, 2`,
  ))
    clerks.set(r.location_id, [...(clerks.get(r.location_id) ?? []), r.user_id]);
  const leaderOf = new Map(
    (
      await rows<{ event_id: number; user_id: number }>(
        client,
        `SELECT DISTINCT ON (el.event_id) el.event_id, tl.user_id FROM tour_event_leaders el
         JOIN tour_leaders tl ON tl.id = el.leader_id ORDER BY el.event_id, el.leader_id`,
      )
    ).map((r) => [Number(r.event_id), r.user_id]),
  );
  const registers = new Map(
    (
      await rows<{ location_id: number; register: number | null }>(
        client,
        'SELECT location_id, current_cash_register AS register FROM general_settings',
      )
    ).map((r) => [r.location_id, r.register]),
  );
  const versions = await rows<{ id: number; terms_id: number; body_sha256: Buffer; published_at: Date }>(
    client,
    `SELECT id, terms_id, body_sha256, published_at FROM tour_term_versions WHERE status = 'published'
     ORDER BY terms_id, published_at`,
  );
  const versionAt = (termsId: number, at: number) => {
    const of = versions.filter((v) => v.terms_id === termsId);
    return of.filter((v) => v.published_at.getTime() <= at).at(-1) ?? of[0];
  };
  const taxes = await one<{ bp: number; tax_id: number | null }>(
    client,
    `SELECT coalesce(sum(rate_bp), 0)::int AS bp, min(id) AS tax_id FROM taxes WHERE is_active`,
  );
  const gl = await glAccounts(client);
  const ids = await one<{
    order: number;
    item: number;
    invoice: number;
    payment: number;
    participant: number;
  }>(
    client,
    `SELECT (SELECT coalesce(max(id), 0) FROM orders)::int AS order, (SELECT coalesce(max(id), 0) FROM order_items)::int AS item,
            (SELECT coalesce(max(id), 0) FROM invoices)::int AS invoice, (SELECT coalesce(max(id), 0) FROM payments)::int AS payment,
            (SELECT coalesce(max(id), 0) FROM tour_participants)::int AS participant`,
  );
  const signature = await signaturePng();
  // The sentence an English-speaking signer agrees to on the participant page (waiver-service.ts consentText).
  const consent = createTranslator(LOCALES_DIR)('en-US', 'documents:waiver.consentText');

  const out = {
    orders: [] as unknown[][],
    items: [] as unknown[][],
    reservations: [] as unknown[][],
    invoices: [] as unknown[][],
    lines: [] as unknown[][],
    payments: [] as unknown[][],
    intents: [] as unknown[][],
    ledger: [] as unknown[][],
    participants: [] as unknown[][],
    waivers: [] as unknown[][],
    tokens: [] as unknown[][],
    waitlist: [] as unknown[][],
    audit: [] as unknown[][],
  };
  const at = (ms: number) => new Date(ms);
  // Share links are bearer secrets: random bytes (not the seeded stream, which anyone can replay from the
  // source), sealed under the server key as share-link-routes.ts keeps them, so staff can copy them.
  const secrets = secretBoxFromEnv();
  const codes = new Set<string>();
  const checkinCode = () => {
    for (;;) {
      const code = Array.from({ length: 12 }, () => CODE_CHARS[rng.int(0, CODE_CHARS.length - 1)]).join('');
      if (!codes.has(code)) {
        codes.add(code);
        return code;
      }
    }
  };
  const phone = () => `+1 ${rng.int(200, 989)} 555 ${String(rng.int(0, 9999)).padStart(4, '0')}`;
  const birthDate = (group: (typeof ageGroups)[number], eventMs: number) => {
    const maxAge = group.max_age ?? 70;
    const ageMs = (group.min_age + rng.next() * (maxAge + 1 - group.min_age)) * YEAR;
    return new Date(Math.min(eventMs - ageMs, eventMs - 30 * DAY)).toISOString().slice(0, 10);
  };

  for (const event of events) {
    const start = event.starts_at.getTime();
    const end = event.ends_at.getTime();
    const past = start < nowMs;
    const prices = basePrices.get(event.definition_id) ?? [];
    const seasonsOf = seasons.get(event.definition_id) ?? [];
    const family = event.name.includes('Family');
    // A few departures sell out; the rest carry a party or two.
    const full = rng.chance(past ? 0.02 : 0.04);
    let bookings = full ? 99 : rng.pick([0, 0, 1, 1, 1, 1, 1, 2, 2, 3]);
    let free = event.capacity;
    const onEvent = new Set<number>();
    let lastBooking = 0;
    while (bookings-- > 0 && free > 0) {
      let size = partySize(rng);
      // Outside a sell-out a departure keeps a seat or two free.
      if (!full && size >= free) break;
      size = Math.min(size, free);
      const cancelled = rng.chance(0.04);
      if (!cancelled) free -= size;
      const customer = customers[Math.floor(rng.next() * customers.length)]!;
      onEvent.add(customer.id);
      const clerk = rng.pick(clerks.get(event.location_id) ?? [null]);
      const source = rng.pick(['web', 'web', 'web', 'phone', 'walk_in', 'back_end'] as const);
      // Booked up to six weeks ahead; bookings of the coming weeks were made over the last few.
      const booked = start - rng.int(2, 42 * 24) * HOUR;
      const createdAt = Math.min(booked, nowMs - rng.int(10, 30 * 24 * 60) * MINUTE);
      lastBooking = Math.max(lastBooking, createdAt);
      // A departure under way is checked in and out on the water (delivered) until it comes back.
      const status = cancelled ? 'cancelled' : !past ? 'confirmed' : end < nowMs ? 'closed' : 'delivered';
      const closedAt = status === 'closed' ? Math.min(nowMs, end + rng.int(5, 90) * MINUTE) : null;
      const cancelledAt = cancelled ? Math.min(nowMs, start - HOUR, createdAt + rng.int(1, 96) * HOUR) : null;
      const orderId = ++ids.order;

      // The party: the organiser is an adult, then mostly adults, children and youths (families on the family tour).
      const party: (typeof ageGroups)[number][] = [adult];
      for (let i = 1; i < size; i++) {
        const r = rng.next();
        party.push(
          family
            ? r < 0.4
              ? adult
              : r < 0.55
                ? youth
                : r < 0.9
                  ? child
                  : infant
            : r < 0.7
              ? adult
              : r < 0.82
                ? youth
                : r < 0.96
                  ? child
                  : infant,
        );
      }
      const lineStatus = {
        cancelled: 'cancelled',
        confirmed: 'confirmed',
        delivered: 'delivered',
        closed: 'returned',
      }[status];
      const lines = ageGroups
        .map((g) => ({ group: g, quantity: party.filter((p) => p === g).length }))
        .filter((l) => l.quantity > 0)
        .map((l) => ({
          ...l,
          id: ++ids.item,
          unit: priceFor(prices, seasonsOf, l.group.id, event.local_day) ?? 0,
        }));
      for (const l of lines)
        out.items.push([
          l.id,
          orderId,
          event.seat_product_id,
          l.quantity,
          l.unit,
          lineStatus,
          event.id,
          l.group.id,
          past && !cancelled ? at(start) : null,
          status === 'closed' ? at(end) : null,
          at(createdAt),
        ]);
      const subtotal = lines.reduce((s, l) => s + l.unit * l.quantity, 0);
      const tax = Math.round((subtotal * taxes.bp) / 10_000);
      const total = subtotal + tax;
      out.orders.push([
        orderId,
        100_000 + orderId,
        'tour',
        source,
        status,
        event.location_id,
        customer.id,
        2,
        at(start),
        at(end),
        status === 'closed' || status === 'delivered' ? at(start) : null,
        status === 'closed' ? at(end) : null,
        closedAt === null ? null : at(closedAt),
        cancelledAt === null ? null : at(cancelledAt),
        total,
        rng.chance(0.06) ? rng.pick(NOTES) : null,
        source === 'web' ? null : clerk,
        at(createdAt),
        at(closedAt ?? cancelledAt ?? createdAt),
      ]);
      out.reservations.push([orderId, event.id, at(createdAt)]);
      out.audit.push([
        source === 'web' ? null : clerk,
        event.location_id,
        'order',
        String(orderId),
        'created',
        JSON.stringify({ status: 'confirmed', source, tour_event_id: event.id }),
        at(createdAt),
      ]);
      if (cancelled) continue;

      // Billing: one invoice, posted when the reservation closed, in progress while it is coming.
      const invoiceId = ++ids.invoice;
      const posted = status === 'closed';
      out.invoices.push([
        invoiceId,
        500_000 + invoiceId,
        'rent',
        posted ? 'posted' : 'in_progress',
        orderId,
        customer.id,
        event.location_id,
        at(start),
        at(end),
        subtotal,
        0,
        tax,
        total,
        at(createdAt),
        at(createdAt),
        posted ? at(closedAt!) : null,
        at(posted ? closedAt! : createdAt),
      ]);
      let remainingTax = tax;
      lines.forEach((l, i) => {
        const net = l.unit * l.quantity;
        const lineTax = i === lines.length - 1 ? remainingTax : Math.round((net * taxes.bp) / 10_000);
        remainingTax -= lineTax;
        out.lines.push([
          invoiceId,
          l.id,
          `${event.name}: ${l.group.name}`,
          l.quantity,
          l.unit,
          taxes.tax_id,
          lineTax,
          net + lineTax,
        ]);
      });
      if (posted) {
        const txn = uuid(rng);
        for (const [code, amount] of [
          [gl.system.accounts_receivable, total],
          [gl.system.rent_revenue, -subtotal],
          [gl.system.tax_payable, -tax],
        ] as const)
          out.ledger.push([txn, code, amount, event.location_id, orderId, invoiceId, null, at(closedAt!)]);
      }
      // Coming reservations: about 15 % still owe part or all of it.
      const owing = !past && rng.chance(0.15);
      const paid = !owing ? total : rng.chance(0.5) ? Math.round((total * rng.int(3, 5)) / 10) : 0;
      if (paid > 0) {
        const paymentId = ++ids.payment;
        const online = source === 'web' ? rng.chance(0.7) : rng.chance(0.1);
        const method = online ? 'external' : rng.chance(0.3) ? 'cash' : 'card';
        const paidAt = online
          ? Math.min(nowMs - MINUTE, start - HOUR, createdAt + rng.int(1, 36 * 60) * MINUTE)
          : Math.min(nowMs - MINUTE, createdAt + rng.int(0, 20) * MINUTE);
        const ref = online ? `pi_test_${orderId.toString(36)}${rng.int(100_000, 999_999)}` : null;
        out.payments.push([
          paymentId,
          orderId,
          invoiceId,
          customer.id,
          event.location_id,
          online ? null : registers.get(event.location_id),
          method,
          paid,
          // As the webhook names a test provider's payment: staff see it was no real money.
          ref && `TEST MODE test ${ref}`,
          online ? null : clerk,
          at(paidAt),
        ]);
        if (online)
          out.intents.push([
            'test',
            ref,
            orderId,
            event.location_id,
            paid,
            'USD',
            'succeeded',
            paymentId,
            at(paidAt),
          ]);
        const txn = uuid(rng);
        out.ledger.push([
          txn,
          methodAccount(gl, method),
          paid,
          event.location_id,
          orderId,
          invoiceId,
          paymentId,
          at(paidAt),
        ]);
        out.ledger.push([
          txn,
          gl.system.accounts_receivable,
          -paid,
          event.location_id,
          orderId,
          invoiceId,
          paymentId,
          at(paidAt),
        ]);
      }

      // Participants: run departures have everyone, signed and checked in; coming ones are filling in.
      const r = rng.next();
      const added = past || r < 0.87 ? party.length : r < 0.95 ? 1 : 0;
      const signShare = past || r < 0.72 ? 1 : r < 0.87 ? 0.55 : r < 0.95 ? 0.5 : 0;
      const viaOrganiser = source === 'web' ? 'share_link' : 'staff';
      const shared = !past && (signShare < 1 ? rng.chance(0.85) : rng.chance(0.35));
      if (shared) {
        const token = randomBytes(32).toString('base64url');
        out.tokens.push([
          hashAccessToken(token),
          orderId,
          'share_link',
          secrets?.seal(token) ?? null,
          at(end + DAY),
          clerk,
          at(Math.min(nowMs - MINUTE, createdAt + rng.int(1, 30) * MINUTE)),
        ]);
      }
      const organiserName = `${customer.first_name} ${customer.last_name}`;
      for (let i = 0; i < added; i++) {
        const group = party[i]!;
        const participantId = ++ids.participant;
        const via =
          i === 0 ? viaOrganiser : rng.chance(0.85) ? 'share_link' : rng.chance(0.5) ? 'staff' : 'easy_sign';
        const joinedAt = Math.min(
          nowMs - MINUTE,
          start - 10 * MINUTE,
          createdAt + rng.int(0, 72 * 60) * MINUTE,
        );
        const first = i === 0 ? customer.first_name : rng.pick(FIRST_NAMES);
        const last =
          i === 0 || group !== adult || rng.chance(0.5) ? customer.last_name : rng.pick(LAST_NAMES);
        const birth = birthDate(group, start);
        const checkedIn = past && rng.chance(0.98) ? start - rng.int(5, 25) * MINUTE : null;
        const contact =
          i === 0
            ? {
                email: customer.email,
                phone: customer.phone,
                emergencyName: `${rng.pick(FIRST_NAMES)} ${customer.last_name}`,
                emergencyPhone: phone(),
              }
            : { email: null, phone: null, emergencyName: organiserName, emergencyPhone: customer.phone };
        out.participants.push([
          participantId,
          orderId,
          group.id,
          i === 0,
          first,
          last,
          birth,
          contact.email,
          contact.phone,
          contact.emergencyName,
          contact.emergencyPhone,
          checkinCode(),
          checkedIn === null ? null : at(checkedIn),
          checkedIn === null ? null : (leaderOf.get(Number(event.id)) ?? clerk),
          via,
          at(joinedAt),
          at(Math.max(joinedAt, checkedIn ?? 0)),
        ]);
        if (!event.terms_id || !rng.chance(signShare)) continue;
        let signedAt = Math.min(nowMs - MINUTE, start - 5 * MINUTE, joinedAt + rng.int(0, 120) * MINUTE);
        // Coming departures' people signed the version in force: a newer one asks everyone again.
        const current = versionAt(event.terms_id, nowMs);
        if (!past && current && signedAt < current.published_at.getTime())
          signedAt = Math.min(nowMs - MINUTE, current.published_at.getTime() + rng.int(1, 20 * 24) * HOUR);
        const version = versionAt(event.terms_id, signedAt);
        if (!version) continue;
        const guardian = group.guardian_required;
        const signer = guardian ? organiserName : `${first} ${last}`;
        const content = waiverContent({
          termVersionId: version.id,
          termBodySha256: version.body_sha256,
          participant: {
            id: participantId,
            first_name: first,
            last_name: last,
            birth_date: birth,
            age_group_id: group.id,
            email: contact.email,
            phone: contact.phone,
            emergency_name: contact.emergencyName,
            emergency_phone: contact.emergencyPhone,
          },
          answers: {},
          signer: {
            name: signer,
            role: guardian ? 'guardian' : 'self',
            guardian_relation: guardian ? 'Parent' : null,
          },
          consentText: consent,
          signedAt: at(signedAt),
          signaturePng: signature,
        });
        const online = via !== 'staff';
        out.waivers.push([
          participantId,
          orderId,
          version.id,
          signer,
          guardian ? 'guardian' : 'self',
          guardian ? 'Parent' : null,
          JSON.stringify(content),
          waiverContentHash(content),
          signature,
          at(signedAt),
          online ? `203.0.113.${rng.int(1, 254)}` : null,
          online ? rng.pick(PHONE_AGENTS) : null,
          via,
          via === 'staff' ? clerk : null,
        ]);
      }
    }
    // Customers waiting for a seat on coming sold-out departures.
    if (full && !past && free === 0) {
      const waiting = rng.int(1, 3);
      for (let w = 0; w < waiting; w++) {
        const customer = customers[Math.floor(rng.next() * customers.length)]!;
        if (onEvent.has(customer.id)) continue;
        onEvent.add(customer.id);
        out.waitlist.push([
          event.id,
          customer.id,
          JSON.stringify([{ age_group_id: adult.id, quantity: rng.int(1, 3) }]),
          rng.pick(clerks.get(event.location_id) ?? [null]),
          at(Math.min(nowMs - MINUTE, lastBooking + rng.int(1, 72) * HOUR)),
        ]);
      }
    }
  }

  await bulkInsert(client, 'orders', ORDER_COLUMNS, out.orders, { overridingSystemValue: true });
  await bulkInsert(client, 'order_items', ITEM_COLUMNS, out.items, { overridingSystemValue: true });
  await bulkInsert(
    client,
    'tour_reservations',
    [
      ['order_id', 'int8'],
      ['event_id', 'int8'],
      ['created_at', 'timestamptz'],
    ],
    out.reservations,
  );
  await bulkInsert(client, 'invoices', INVOICE_COLUMNS, out.invoices, { overridingSystemValue: true });
  await bulkInsert(client, 'invoice_lines', LINE_COLUMNS, out.lines);
  await bulkInsert(client, 'payments', PAYMENT_COLUMNS, out.payments, { overridingSystemValue: true });
  await bulkInsert(
    client,
    'online_payment_intents',
    [
      ['provider', 'text'],
      ['provider_ref', 'text'],
      ['order_id', 'int8'],
      ['location_id', 'int4'],
      ['amount_minor', 'int8'],
      ['currency', 'bpchar'],
      ['status', 'text'],
      ['payment_id', 'int8'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    out.intents.map((r) => [...r, r.at(-1)]),
  );
  await bulkInsert(client, 'ledger_entries', LEDGER_COLUMNS, out.ledger);
  await bulkInsert(client, 'tour_participants', PARTICIPANT_COLUMNS, out.participants, {
    overridingSystemValue: true,
  });
  await bulkInsert(client, 'tour_waivers', WAIVER_COLUMNS, out.waivers);
  await bulkInsert(
    client,
    'order_access_tokens',
    [
      ['token_hash', 'bytea'],
      ['order_id', 'int8'],
      ['purpose', 'text'],
      ['token_sealed', 'text'],
      ['expires_at', 'timestamptz'],
      ['created_by', 'int4'],
      ['created_at', 'timestamptz'],
    ],
    out.tokens,
  );
  await bulkInsert(
    client,
    'tour_waitlist',
    [
      ['event_id', 'int8'],
      ['customer_id', 'int4'],
      ['seats', 'jsonb'],
      ['created_by', 'int4'],
      ['created_at', 'timestamptz'],
    ],
    out.waitlist,
  );
  await bulkInsert(client, 'audit_log', AUDIT_COLUMNS, out.audit);
  await exec(
    client,
    `SELECT setval(pg_get_serial_sequence('tour_participants', 'id'), coalesce((SELECT max(id) FROM tour_participants), 0) + 1, false)`,
  );
  return out.reservations.length;
}
