import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { TourWaiver } from '@nine/shared/schemas/tours/participants';
import { waiverContentHash, waiverContentJson } from '../src/modules/tours/waiver-content.ts';
import { renderWaiverPdf, wrap, type WaiverPdfLabels } from '../src/modules/tours/waiver-pdf.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import {
  addQuestion,
  addTermsVersion,
  createCustomer,
  createReservation,
  createTourFixture,
  craftPng,
  pngDataUrl,
  SIGNATURE_PNG,
  type TourFixture,
} from './helpers/tour-participant-fixtures.ts';

/** Signed waivers (issue #20): self and guardian, the hash, append-only rows, supersede chain, the PDF, the PNG. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let manager: Record<string, string>;
let tour: TourFixture;
let order: number;
let adultId: number;
let childId: number;
let firstWaiver: TourWaiver;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
const call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = manager,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
/** The text a PDF draws: standard fonts write it as hex strings inside the (deflated) page streams. */
function pdfText(bytes: Buffer): string {
  const streams = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    const raw = Buffer.from(m[1]!, 'latin1');
    try {
      return inflateSync(raw).toString('latin1');
    } catch {
      return raw.toString('latin1');
    }
  });
  return streams
    .flatMap((st) =>
      [...st.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')),
    )
    .join('\n');
}
/** A participant written by SQL (no seat check): answers its id. */
const addBySql = async (
  first: string,
  last: string,
  extra: { group?: number; birth?: string; answers?: object } = {},
) =>
  Number(
    (
      await q(
        `INSERT INTO tour_participants (order_id, age_group_id, first_name, last_name, birth_date, answers, checkin_code,
           created_via)
         VALUES ($1, $2, $3, $4, $5, $6, upper(substr(md5(random()::text), 1, 12)), 'staff') RETURNING id`,
        [
          order,
          extra.group ?? tour.adult,
          first,
          last,
          extra.birth ?? null,
          JSON.stringify(extra.answers ?? {}),
        ],
      )
    ).rows[0].id,
  );
const sign = (participantId: number, extra: object = {}) =>
  call(
    'POST',
    `/api/nine/tours/participants/${participantId}/waivers`,
    {
      term_version_id: tour.versionId,
      signer_name: 'Ana Adult',
      signer_role: 'self',
      signature_png: SIGNATURE_PNG,
      consent: true,
      ...extra,
    },
    { ...manager, 'user-agent': 'Counter tablet/1.0', 'accept-language': 'es-ES' },
  );

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Bay');
  await createUser(tdb.db, { email: 'wv-manager@nine.test', locations: [loc], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  manager = {
    authorization: `Bearer ${await login(app, 'wv-manager@nine.test')}`,
    'location-id': String(loc),
  };
  tour = await createTourFixture(tdb.db, loc, { startsAt: '2030-07-10T09:00:00Z' });
  const customer = await createCustomer(tdb.db, {
    first: 'Ana',
    last: 'Adult',
    email: 'ana@x.test',
    phone: null,
  });
  ({ orderId: order } = await createReservation(tdb.db, {
    locationId: loc,
    tour,
    customerId: customer,
    seats: [
      { ageGroupId: tour.adult, quantity: 2 },
      { ageGroupId: tour.child, quantity: 1 },
    ],
  }));
  const add = async (body: object) => {
    const res = await call('POST', `/api/nine/tours/orders/${order}/participants`, {
      emergency_name: 'Ben',
      emergency_phone: '600',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  adultId = await add({
    first_name: 'Ana',
    last_name: 'Adult',
    birth_date: '1990-05-01',
    age_group_id: tour.adult,
  });
  childId = await add({
    first_name: 'Kai',
    last_name: 'Kid',
    birth_date: '2022-03-01',
    age_group_id: tour.child,
  });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('signing', () => {
  it('signs for oneself: the hash recomputes from the signed content and matches', async () => {
    const res = await sign(adultId);
    expect(res.statusCode, res.body).toBe(201);
    firstWaiver = res.json<{ data: TourWaiver }>().data;
    expect(firstWaiver).toMatchObject({
      participant_id: adultId,
      signer_role: 'self',
      created_via: 'staff',
      created_by_name: 'wv-manager',
      user_agent: 'Counter tablet/1.0',
      term_number: 1,
      supersedes_id: null,
      verified: true,
    });
    expect(firstWaiver.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(firstWaiver.recomputed_sha256).toBe(firstWaiver.content_sha256);
    // Recomputed here too, from the stored JSON: the canonical form does not depend on jsonb's key order.
    const row = (
      await q(`SELECT signed_content, content_sha256 FROM tour_waivers WHERE id = $1`, [firstWaiver.id])
    ).rows[0];
    expect(waiverContentHash(row.signed_content).equals(row.content_sha256)).toBe(true);
    expect(row.signed_content).toMatchObject({
      term_version_id: tour.versionId,
      participant: { id: adultId, first_name: 'Ana', birth_date: '1990-05-01' },
      signer: { name: 'Ana Adult', role: 'self', guardian_relation: null },
    });
    // The consent sentence in the signer's language.
    expect(row.signed_content.consent_text).toMatch(/^He leído/);
    expect(waiverContentJson(row.signed_content)).not.toContain(' ":');
  });

  it('needs a guardian for a guardian-only age group (1791), then takes one', async () => {
    const self = await sign(childId, { signer_name: 'Kai Kid' });
    expect(self.statusCode).toBe(422);
    expect(code(self)).toBe(1791);
    const noRelation = await sign(childId, { signer_name: 'Gina Kid', signer_role: 'guardian' });
    expect(noRelation.statusCode).toBe(400);
    const res = await sign(childId, {
      signer_name: 'Gina Kid',
      signer_role: 'guardian',
      guardian_relation: 'mother',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      signer_role: 'guardian',
      guardian_relation: 'mother',
      verified: true,
    });
  });

  it('needs a guardian for a minor by birth date, whatever the group', async () => {
    // A 17-year-old in the adult group would not pass the age check, so the check is seen through the rule alone:
    // the row is written by SQL as an older booking might hold it.
    const teen = Number(
      (
        await q(
          `INSERT INTO tour_participants (order_id, age_group_id, first_name, last_name, birth_date, checkin_code, created_via)
           VALUES ($1, $2, 'Tess', 'Teen', '2013-01-01', 'TEEN00000001', 'staff') RETURNING id`,
          [order, tour.adult],
        )
      ).rows[0].id,
    );
    const res = await sign(teen, { signer_name: 'Tess Teen' });
    expect(res.statusCode).toBe(422);
    expect(code(res)).toBe(1791);
  });

  it('refuses a signature that is not a PNG or too large (1795)', async () => {
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a'.padEnd(80, 'x')).toString('base64')}`;
    const bad = await sign(adultId, { signature_png: notPng });
    expect(bad.statusCode).toBe(422);
    expect(code(bad)).toBe(1795);
    const head = Buffer.from(SIGNATURE_PNG.split(',')[1]!, 'base64');
    const huge = Buffer.concat([head, Buffer.alloc(300_001 - head.length)]);
    const big = await sign(adultId, { signature_png: `data:image/png;base64,${huge.toString('base64')}` });
    expect(big.statusCode).toBe(422);
    expect(code(big)).toBe(1795);
  });

  it('refuses a crafted PNG: garbage image data, a huge header, a truncated file, a bad CRC, a bomb (1795)', async () => {
    const ok = craftPng({ width: 40, height: 20 });
    const badCrc = Buffer.from(ok);
    badCrc.writeUInt8(badCrc.readUInt8(badCrc.length - 20) ^ 0xff, badCrc.length - 20);
    const cases = {
      garbageIdat: craftPng({ width: 40, height: 20, idat: Buffer.alloc(300, 0x5a) }),
      hugeHeader: craftPng({ width: 40_000, height: 40_000, idat: deflateSync(Buffer.alloc(100)) }),
      truncated: ok.subarray(0, ok.length - 30),
      noEnd: craftPng({ width: 40, height: 20, end: false }),
      badCrc,
      // Announces 40x20 but inflates to megabytes: the ceiling stops it.
      bomb: craftPng({ width: 40, height: 20, idat: deflateSync(Buffer.alloc(5_000_000)) }),
    };
    for (const [name, png] of Object.entries(cases)) {
      const res = await sign(adultId, { signature_png: pngDataUrl(png) });
      expect(res.statusCode, name).toBe(422);
      expect(code(res), name).toBe(1795);
    }
    // The well-formed one of the same size is taken (by a participant not yet signed).
    const okId = await addBySql('Olly', 'Ok');
    const good = await sign(okId, { signer_name: 'Olly Ok', signature_png: pngDataUrl(ok) });
    expect(good.statusCode, good.body).toBe(201);
  });

  it('refuses a self signature in another name (400 name_mismatch)', async () => {
    const res = await sign(adultId, { signer_name: 'Someone Else' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.issues).toEqual([
      { path: 'signer_name', code: 'custom', message: 'name_mismatch' },
    ]);
  });

  it('needs a guardian in an age group for minors, without a birth date or the group flag', async () => {
    const junior = Number(
      (
        await q(
          `INSERT INTO tour_age_groups (name, min_age, max_age, sort_order) VALUES ('Junior', 12, 17, 3) RETURNING id`,
        )
      ).rows[0].id,
    );
    await q(
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, tour_event_id, tour_age_group_id)
       VALUES ($1, $2, 1, 100, 'confirmed', $3, $4)`,
      [order, tour.seatProductId, tour.eventId, junior],
    );
    const jo = await addBySql('Jo', 'Junior', { group: junior });
    const res = await sign(jo, { signer_name: 'Jo Junior' });
    expect(res.statusCode).toBe(422);
    expect(code(res)).toBe(1791);
  });

  it('signs one at a time: two signatures at once leave one in force, the other superseded', async () => {
    const cora = await addBySql('Cora', 'Concurrent');
    const [a, b] = await Promise.all([
      sign(cora, { signer_name: 'Cora Concurrent' }),
      sign(cora, { signer_name: 'Cora Concurrent' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const ids = [a.json().data.id, b.json().data.id].sort((x, y) => x - y);
    const rowsOf = (
      await q(
        `SELECT id, supersedes_id FROM tour_waivers w WHERE participant_id = $1
           AND NOT EXISTS (SELECT 1 FROM tour_waivers n WHERE n.supersedes_id = w.id)`,
        [cora],
      )
    ).rows;
    expect(rowsOf).toEqual([{ id: ids[1], supersedes_id: ids[0] }]);
  });

  it('keeps the question labels and the age group name it was signed with', async () => {
    const question = await addQuestion(tdb.db, tour.definitionId, 'Can you swim?');
    const sam = await addBySql('Sam', 'Swimmer', { answers: { [question]: true } });
    const res = await sign(sam, { signer_name: 'Sam Swimmer' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const row = (await q(`SELECT signed_content FROM tour_waivers WHERE id = $1`, [id])).rows[0];
    expect(row.signed_content).toMatchObject({
      question_labels: { [question]: 'Can you swim?' },
      age_group_name: 'Adult',
    });
    await q(`UPDATE tour_definition_questions SET label = 'Relabelled later' WHERE id = $1`, [question]);
    const pdf = await call('GET', `/api/nine/tours/waivers/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Can you swim?: Yes');
    expect(text).not.toContain('Relabelled later');
    expect(text).toContain('Age group: Adult');
    await q(`DELETE FROM tour_definition_questions WHERE id = $1`, [question]);
  });

  it('prints names in other scripts (as "?" where the font has no glyph) without failing', async () => {
    const name = { first: 'Łucja 李', last: 'Żółć 😀' };
    const lu = await addBySql(name.first, name.last);
    const res = await sign(lu, { signer_name: `${name.first} ${name.last}` });
    expect(res.statusCode, res.body).toBe(201);
    const pdf = await call('GET', `/api/nine/tours/waivers/${res.json().data.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('?');
  });

  it('refuses a terms version that is no longer in force with 409 naming the current one', async () => {
    const v2 = await addTermsVersion(tdb.db, tour.termsId, 'Version two: helmets on.');
    const res = await sign(adultId);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ term_version_id: v2, number: 2 });
    tour.versionId = v2;
  });

  it('supersedes: a second signature is a new row naming the first, which stays as it was', async () => {
    const before = (await q(`SELECT * FROM tour_waivers WHERE id = $1`, [firstWaiver.id])).rows[0];
    // The participant's own name, however it is cased, accented or spaced.
    const res = await sign(adultId, { signer_name: '  ÁNA   adult ' });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json<{ data: TourWaiver }>().data;
    expect(second.supersedes_id).toBe(firstWaiver.id);
    expect(second.term_number).toBe(2);
    const old = (await call('GET', `/api/nine/tours/waivers/${firstWaiver.id}`)).json<{ data: TourWaiver }>()
      .data;
    expect(old).toMatchObject({ superseded_by_id: second.id, verified: true });
    expect((await q(`SELECT * FROM tour_waivers WHERE id = $1`, [firstWaiver.id])).rows[0]).toEqual(before);
    const third = await sign(adultId, { signer_name: 'Ana Adult' });
    expect(third.json().data.supersedes_id).toBe(second.id);
  });
});

describe('append-only', () => {
  it('raises on a direct UPDATE, DELETE or TRUNCATE', async () => {
    for (const sql of [
      `UPDATE tour_waivers SET signer_name = 'Forged' WHERE id = ${firstWaiver.id}`,
      `DELETE FROM tour_waivers WHERE id = ${firstWaiver.id}`,
      'TRUNCATE tour_waivers CASCADE',
    ])
      await expect(q(sql), sql).rejects.toMatchObject({ constraint: 'tour_waivers_append_only' });
  });

  it('verify says no when the stored content does not match its hash', async () => {
    // A forged row (inserted, since rows cannot change) with content that is not what its hash covers.
    const forged = Number(
      (
        await q(
          `INSERT INTO tour_waivers (participant_id, order_id, term_version_id, signer_name, signer_role, signed_content,
             content_sha256, signature_png, created_via)
           SELECT participant_id, order_id, term_version_id, 'Mallory', signer_role,
                  jsonb_set(signed_content, '{signer,name}', '"Mallory"'), content_sha256, signature_png, 'staff'
           FROM tour_waivers WHERE id = $1 RETURNING id`,
          [firstWaiver.id],
        )
      ).rows[0].id,
    );
    const res = await call('GET', `/api/nine/tours/waivers/${forged}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.verified).toBe(false);
  });

  it('verify also says no when the row’s own columns differ from its content (same content and hash)', async () => {
    /** A copy of the first waiver with one column's SQL expression replaced. */
    const copy = async (signerName = 'signer_name', signedAt = 'signed_at') =>
      Number(
        (
          await q(
            `INSERT INTO tour_waivers (participant_id, order_id, term_version_id, signer_name, signer_role,
               signed_content, content_sha256, signature_png, signed_at, created_via)
             SELECT participant_id, order_id, term_version_id, ${signerName}, signer_role, signed_content,
                    content_sha256, signature_png, ${signedAt}, 'staff'
             FROM tour_waivers WHERE id = $1 RETURNING id`,
            [firstWaiver.id],
          )
        ).rows[0].id,
      );
    const verifiedOf = async (id: number) =>
      (await call('GET', `/api/nine/tours/waivers/${id}`)).json().data.verified as boolean;
    expect(await verifiedOf(await copy())).toBe(true);
    expect(await verifiedOf(await copy("'Mallory'"))).toBe(false);
    expect(await verifiedOf(await copy(undefined, "signed_at + interval '1 hour'"))).toBe(false);
  });
});

describe('the PDF', () => {
  it('is a PDF with the hash, the same bytes every time', async () => {
    const res = await call('GET', `/api/nine/tours/waivers/${firstWaiver.id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getSubject()).toBe(firstWaiver.content_sha256);
    // The footer draws the hash as text: standard fonts write it as hex glyph codes inside the page streams.
    const streams = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      const raw = Buffer.from(m[1]!, 'latin1');
      try {
        return inflateSync(raw).toString('latin1');
      } catch {
        return raw.toString('latin1');
      }
    });
    const hexGlyphs = Buffer.from(firstWaiver.content_sha256, 'latin1').toString('hex').toUpperCase();
    expect(streams.some((s) => s.toUpperCase().includes(hexGlyphs))).toBe(true);
    const again = await call('GET', `/api/nine/tours/waivers/${firstWaiver.id}/pdf`);
    expect(again.rawPayload.equals(bytes)).toBe(true);
  });

  it('says "Verified" with the recomputed hash; prints a stored signature it cannot read as unreadable', async () => {
    const good = await call('GET', `/api/nine/tours/waivers/${firstWaiver.id}/pdf`);
    expect(pdfText(good.rawPayload)).toContain(
      `Verified: the content recomputes to this hash (${firstWaiver.content_sha256})`,
    );
    // A row holding an image the checks would refuse (written by SQL, as a row from before them might be).
    const huge = craftPng({ width: 40_000, height: 40_000, idat: deflateSync(Buffer.alloc(100)) });
    const forged = Number(
      (
        await q(
          `INSERT INTO tour_waivers (participant_id, order_id, term_version_id, signer_name, signer_role, signed_content,
             content_sha256, signature_png, signed_at, created_via)
           SELECT participant_id, order_id, term_version_id, signer_name, signer_role, signed_content, content_sha256,
                  $2, signed_at, 'staff'
           FROM tour_waivers WHERE id = $1 RETURNING id`,
          [firstWaiver.id, huge],
        )
      ).rows[0].id,
    );
    const res = await call('GET', `/api/nine/tours/waivers/${forged}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Signature image unreadable');
    expect(text).toContain('NOT verified');
  });

  it('wraps a long unbroken word in linear time, measuring each character once', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    let calls = 0;
    const counting = new Proxy(font, {
      get(target, prop, receiver) {
        if (prop === 'widthOfTextAtSize')
          return (text: string, size: number) => {
            calls++;
            return target.widthOfTextAtSize(text, size);
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    const word = 'W'.repeat(20_000);
    const lines = wrap(`Answer: ${word} end`, counting, 9.5, 495);
    expect(lines.join('').replace(/ /g, '')).toBe(`Answer:${word}end`);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 9.5)).toBeLessThanOrEqual(495);
    // One measure per distinct character (the quadratic cut measured millions of prefixes).
    expect(calls).toBeLessThan(50);
  });

  it('renders a 20,000-character unbroken answer', async () => {
    const labels = new Proxy({} as WaiverPdfLabels, {
      get: (_t, prop) => (prop === 'page' ? () => 'p' : prop === 'supersedes' ? null : String(prop)),
    });
    const started = Date.now();
    const bytes = await renderWaiverPdf({
      labels,
      businessName: 'Bay',
      termsText: 'Terms',
      participantName: 'Ana Adult',
      birthDate: null,
      ageGroup: null,
      email: null,
      phone: null,
      emergency: null,
      answers: [{ label: 'Notes', answer: 'W'.repeat(20_000) }],
      consentText: 'I agree.',
      signedAtText: 'now',
      signedAt: new Date('2030-01-01T00:00:00Z'),
      ip: null,
      userAgent: null,
      signaturePng: craftPng({ width: 40, height: 20 }),
      sha256Hex: '0'.repeat(64),
    });
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Generous: the quadratic wrap took seconds for a tenth of this.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 404 for an unknown waiver', async () => {
    const res = await call('GET', '/api/nine/tours/waivers/999999/pdf');
    expect(res.statusCode).toBe(404);
  });
});

describe('a guide’s scope', () => {
  it('reads the participants and waivers of the departures they lead only (404 otherwise)', async () => {
    const userId = await createUser(tdb.db, {
      email: 'wv-guide@nine.test',
      locations: [loc],
      grants: [{ resource: 'tour', action: 'view' }],
    });
    const leader = Number(
      (await q(`INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id`, [userId])).rows[0].id,
    );
    const guide = {
      authorization: `Bearer ${await login(app, 'wv-guide@nine.test')}`,
      'location-id': String(loc),
    };
    const urls = [
      `/api/nine/tours/orders/${order}/participants`,
      `/api/nine/tours/waivers/${firstWaiver.id}`,
      `/api/nine/tours/waivers/${firstWaiver.id}/pdf`,
    ];
    for (const url of urls) expect((await call('GET', url, undefined, guide)).statusCode, url).toBe(404);
    await q(
      `INSERT INTO tour_event_leaders (event_id, leader_id, period)
       SELECT id, $2, tstzrange(starts_at, ends_at) FROM tour_events WHERE id = $1`,
      [tour.eventId, leader],
    );
    for (const url of urls) expect((await call('GET', url, undefined, guide)).statusCode, url).toBe(200);
  });
});
