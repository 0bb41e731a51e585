import type pg from 'pg';
import type { RichTextDoc } from '@nine/shared/rich-text';
import { exec, one } from '../db/sql.ts';
import { renderTermsBody } from '../modules/tours/tour-terms-body.ts';
import { bulkInsert } from './bulk-insert.ts';

const DAY = 86_400_000;

/** Per location: its tour settings, one meeting point and one site (later seeds find them by name). */
const PLACES = [
  {
    code: 'HARBOR',
    settings: { booking_cutoff_minutes: 60, default_capacity: 12, below_minimum_action: 'notify' },
    meeting: [
      'Harbor Pier 3 kiosk',
      '12 Pier Road',
      37.8087,
      -122.4098,
      'Meet at the blue kiosk by the pier gate, 15 minutes before departure.',
    ],
    site: [
      'Aquatic Park Cove',
      'Aquatic Park, Beach Street',
      37.8069,
      -122.4222,
      'Launch from the sandy beach east of the pier.',
    ],
  },
  {
    code: 'OLDTOWN',
    settings: { booking_cutoff_minutes: 30, default_capacity: 16, below_minimum_action: 'cancel' },
    meeting: [
      'Market Street clock',
      '48 Market Street',
      37.7907,
      -122.4006,
      'Under the old clock in front of the shop; look for the green flag.',
    ],
    site: [
      'Old Town quarter',
      'Grant Avenue',
      37.7941,
      -122.4078,
      'The walk follows the quarter\u2019s lanes; wear comfortable shoes.',
    ],
  },
  {
    code: 'LAKE',
    settings: { booking_cutoff_minutes: 120, default_capacity: 10, below_minimum_action: 'run' },
    meeting: [
      'Lakeside boathouse',
      '3 Shore Drive',
      39.0968,
      -120.0324,
      'Check in at the boathouse desk; parking is free behind the building.',
    ],
    site: [
      'South shore trail',
      'Shore Drive trailhead',
      39.0935,
      -120.0405,
      'The trail starts at the wooden gate past the picnic area.',
    ],
  },
] as const;

const GROUPS = [
  ['Kayak', 'teal', 1],
  ['Bike', 'orange', 2],
  ['Walking', 'purple', 3],
] as const;

// name, min, max, rule, value (bp for percent, minor for fixed), guardian, sort
const AGE_GROUPS = [
  ['Adult', 18, null, 'base', 0, false, 1],
  ['Youth', 12, 17, 'percent', 8000, false, 2],
  ['Child', 4, 11, 'percent', 5000, true, 3],
  ['Infant', 0, 3, 'free', 0, true, 4],
] as const;

const text = (t: string) => ({ type: 'text' as const, text: t });
const paragraph = (t: string) => ({ type: 'paragraph' as const, content: [text(t)] });
const heading = (t: string) => ({
  type: 'heading' as const,
  attrs: { level: 2 as const },
  content: [text(t)],
});
const bullets = (items: string[]) => ({
  type: 'bulletList' as const,
  content: items.map((i) => ({ type: 'listItem' as const, content: [paragraph(i)] })),
});

const BOOKING_TERMS: RichTextDoc = {
  type: 'doc',
  content: [
    heading('Booking terms'),
    paragraph('These terms apply to every tour booked with us, at the counter or online.'),
    bullets([
      'A booking is confirmed once it is paid in full.',
      'Cancellation fees follow the tour\u2019s own schedule, shown when you book.',
      'Please arrive at the meeting point 15 minutes before departure; late arrivals may not be able to join.',
      'We may cancel a departure for weather or safety reasons; you then get a full refund or another date.',
    ]),
    {
      type: 'paragraph',
      content: [
        text('Questions? Write to '),
        {
          type: 'text',
          text: 'tours@nine.test',
          marks: [{ type: 'link', attrs: { href: 'mailto:tours@nine.test' } }],
        },
        text('.'),
      ],
    },
  ],
};

const waiver = (extra: string[]): RichTextDoc => ({
  type: 'doc',
  content: [
    heading('Activity waiver'),
    paragraph(
      'Outdoor activities carry risks, including falls, capsizing, cold water and changing weather. By signing, I confirm that:',
    ),
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [
        'I take part of my own free will and accept these risks.',
        'I am fit to take part and have told the guide about any medical condition.',
        'I will follow the guide\u2019s instructions and wear the safety equipment given to me.',
        ...extra,
      ].map((i) => ({ type: 'listItem' as const, content: [paragraph(i)] })),
    },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'A guardian signs for every participant under 18.', marks: [{ type: 'bold' }] },
      ],
    },
  ],
});

/**
 * The tours catalogue's building blocks (issue #19): tour settings, a meeting point and a site per location,
 * groups Kayak, Bike and Walking, four age groups, the "Booking terms" (version 1 published) and the
 * "Activity waiver" (versions 1 and 2 published, so the history shows). Bodies are rendered with the same
 * functions the server uses. Deterministic from `now`: it draws nothing from the shared random stream.
 */
export async function seedTourSettings(client: pg.PoolClient, now: Date): Promise<void> {
  for (const p of PLACES) {
    await exec(
      client,
      `INSERT INTO tour_settings (location_id, booking_cutoff_minutes, default_capacity, below_minimum_action)
       SELECT id, $2, $3, $4 FROM locations WHERE code = $1`,
      [
        p.code,
        p.settings.booking_cutoff_minutes,
        p.settings.default_capacity,
        p.settings.below_minimum_action,
      ],
    );
    for (const [kind, [name, address, latitude, longitude, instructions]] of [
      ['meeting_point', p.meeting],
      ['site', p.site],
    ] as const) {
      await exec(
        client,
        `INSERT INTO tour_places (location_id, kind, name, address, latitude, longitude, instructions)
         SELECT id, $2, $3, $4, $5, $6, $7 FROM locations WHERE code = $1`,
        [p.code, kind, name, address, latitude, longitude, instructions],
      );
    }
  }
  await bulkInsert(
    client,
    'tour_groups',
    [
      ['name', 'citext'],
      ['color', 'text'],
      ['sort_order', 'int'],
    ],
    GROUPS,
  );
  await bulkInsert(
    client,
    'tour_age_groups',
    [
      ['name', 'citext'],
      ['min_age', 'smallint'],
      ['max_age', 'smallint'],
      ['price_rule', 'text'],
      ['price_value', 'bigint'],
      ['guardian_required', 'boolean'],
      ['sort_order', 'int'],
    ],
    AGE_GROUPS,
  );

  const { id: adminId } = await one<{ id: number }>(
    client,
    `SELECT id FROM users WHERE email = 'admin@nine.test'`,
  );
  const documents: [kind: string, title: string, versions: [RichTextDoc, number][]][] = [
    ['terms', 'Booking terms', [[BOOKING_TERMS, 180]]],
    [
      'waiver',
      'Activity waiver',
      [
        [waiver([]), 180],
        [waiver(['I allow the guide to take photos of the group for the shop\u2019s own use.']), 30],
      ],
    ],
  ];
  for (const [kind, title, versions] of documents) {
    const { id } = await one<{ id: number }>(
      client,
      `INSERT INTO tour_terms (kind, title, version) VALUES ($1, $2, $3) RETURNING id`,
      [kind, title, 1],
    );
    for (const [i, [body, daysAgo]] of versions.entries()) {
      const rendered = renderTermsBody(body);
      const at = new Date(now.getTime() - daysAgo * DAY);
      await exec(
        client,
        `INSERT INTO tour_term_versions (terms_id, number, status, title, body, body_html, body_text,
           body_sha256, created_by, created_at, published_by, published_at, version)
         VALUES ($1, $2, 'published', $9, $3, $4, $5, $6, $7, $8, $7, $8, 2)`,
        [id, i + 1, JSON.stringify(body), rendered.html, rendered.text, rendered.sha256, adminId, at, title],
      );
    }
  }
}
