import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { richTextToHtml, type RichTextDoc } from '@nine/shared/rich-text';
import { tourDefinitionSteps } from '@nine/shared/schemas/tours/definitions';
import { loadConfig } from '../config.ts';
import { maybeOne, one, rows } from '../db/sql.ts';
import { bulkInsert } from './bulk-insert.ts';

type Gear = 'kayak' | 'bike';

/** The demo's tours; the events seed finds them by name. Prices are the adult's, in minor units. */
const TOURS = [
  ['HBR-KAYAK', 'Sunset Kayak', 'HARBOR', 'Kayak', 150, 12, 2, 6, 6500, 'kayak', ['en', 'es']],
  ['HBR-BIKE', 'Harbor Bike Ride', 'HARBOR', 'Bike', 180, 14, 3, 7, 5500, 'bike', ['en']],
  ['HBR-PIER', 'Old Pier Walk', 'HARBOR', 'Walking', 90, 20, 2, 10, 2500, null, ['en', 'es', 'fr']],
  ['OT-WALK', 'Old Town Walk', 'OLDTOWN', 'Walking', 120, 20, 2, 10, 3000, null, ['en', 'de', 'fr']],
  ['OT-FOOD', 'Food Bike Tour', 'OLDTOWN', 'Bike', 210, 10, 2, 5, 8900, 'bike', ['en', 'it']],
  ['LK-KAYAK', 'Morning Lake Kayak', 'LAKE', 'Kayak', 120, 10, 2, 5, 6000, 'kayak', ['en']],
  ['LK-FAMILY', 'Family Paddle', 'LAKE', 'Kayak', 90, 12, 2, 6, 4500, 'kayak', ['en', 'es']],
  ['LK-SHORE', 'Shore Trail Walk', 'LAKE', 'Walking', 150, 16, 2, 8, 2800, null, ['en']],
] as const satisfies readonly (readonly [
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  Gear | null,
  readonly string[],
])[];

const COLOR_HEX: Record<string, [string, string]> = {
  teal: ['#319795', '#1d4044'],
  orange: ['#dd6b20', '#652b19'],
  purple: ['#805ad5', '#322659'],
};

const WHAT_TO_BRING: Record<string, string> = {
  kayak: 'Swimwear or quick-drying clothes, a change of clothes, sunscreen, a hat and water.',
  bike: 'Comfortable clothes, closed shoes, sunglasses and a water bottle.',
  walk: 'Comfortable walking shoes, a light jacket and water.',
};

const text = (t: string) => ({ type: 'text' as const, text: t });
const paragraph = (t: string) => ({ type: 'paragraph' as const, content: [text(t)] });
function descriptionOf(name: string, gear: Gear | null, minutes: number): RichTextDoc {
  const what =
    gear === 'kayak'
      ? 'Paddle calm water with a guide who knows every cove, at an easy pace for beginners.'
      : gear === 'bike'
        ? 'Ride with a local guide on quiet streets and bike paths, with stops along the way.'
        : 'Walk with a local guide and hear the stories behind the places you pass.';
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [text(name)] },
      paragraph(what),
      {
        type: 'bulletList',
        content: [
          `About ${Math.round(minutes / 6) / 10} hours, meeting point to meeting point.`,
          gear ? 'All equipment included.' : 'No equipment needed.',
          'Small groups with a certified guide.',
        ].map((item) => ({ type: 'listItem' as const, content: [paragraph(item)] })),
      },
    ],
  };
}

/** Writes the tour's cover (a gradient in its group's colour with its initials) and thumbnail once. */
async function writeCover(dir: string, code: string, name: string, color: string) {
  // Names derived from the code: the same on every seed, random-looking hex as uploads are.
  const base = createHash('sha256').update(`nine-demo-tour:${code}`).digest('hex').slice(0, 32);
  const names = { stored: `${base}.webp`, thumb: `${base}-t.webp` };
  const initials = name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 3);
  const [from, to] = COLOR_HEX[color] ?? ['#3182ce', '#1a365d'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>
    <stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="750" fill="url(#g)"/>
    <text x="600" y="440" font-family="sans-serif" font-size="220" font-weight="700" fill="#ffffff"
      fill-opacity="0.9" text-anchor="middle">${initials}</text></svg>`;
  const image = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  // The same picture every time: a later seed (another database in the same data dir) keeps the files.
  if (!existsSync(join(dir, names.stored)) || !existsSync(join(dir, names.thumb))) {
    const thumb = await sharp(image).resize(400, 400, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, names.stored), image);
    await writeFile(join(dir, names.thumb), thumb);
  }
  return { ...names, width: 1200, height: 750, size: image.length };
}

/**
 * The demo's tour definitions (issue #19): eight tours over three locations and the three groups, every step
 * done and published, with prices per age group (from each group's price rule), a summer season, the
 * 48 h / 24 h / 0 h cancellation tiers, equipment from the location's own rental stock, a description, the
 * booking terms (and the waiver for kayak and bike tours) and a generated cover image written to
 * DATA_DIR/tour-images. Reads what the tour settings seed made by name. Draws no random numbers.
 */
export async function seedTourDefinitions(client: pg.PoolClient, now: Date): Promise<number> {
  const imagesDir = join(loadConfig().dataDir, 'tour-images');
  const locations = new Map(
    (await rows<{ id: number; code: string }>(client, 'SELECT id, code FROM locations')).map((l) => [
      l.code,
      l.id,
    ]),
  );
  const groups = new Map(
    (
      await rows<{ id: number; name: string; color: string }>(
        client,
        'SELECT id, name::text AS name, color FROM tour_groups',
      )
    ).map((g) => [g.name, g]),
  );
  const ageGroups = await rows<{ id: number; name: string; price_rule: string; price_value: number }>(
    client,
    'SELECT id, name::text AS name, price_rule, price_value FROM tour_age_groups WHERE active ORDER BY sort_order, id',
  );
  const termsId = async (title: string) =>
    (await maybeOne<{ id: number }>(client, 'SELECT id FROM tour_terms WHERE title = $1', [title]))?.id ??
    null;
  const terms = await termsId('Booking terms');
  const waiver = await termsId('Activity waiver');
  if (!terms || ageGroups.length === 0) return 0;
  const adult = ageGroups.find((g) => g.name === 'Adult') ?? ageGroups[0]!;
  const priceOf = (group: (typeof ageGroups)[number], base: number) =>
    group.price_rule === 'free'
      ? 0
      : group.price_rule === 'fixed'
        ? group.price_value
        : group.price_rule === 'percent'
          ? Math.round((base * group.price_value) / 10_000 / 100) * 100
          : base;
  // The next summer that has not ended yet.
  const year = now.getUTCMonth() >= 8 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();

  const place = (locationId: number, kind: string) =>
    maybeOne<{ id: number }>(
      client,
      'SELECT id FROM tour_places WHERE location_id = $1 AND kind = $2 ORDER BY id LIMIT 1',
      [locationId, kind],
    );
  // Equipment the location really rents: the kayak model with the most items there, the best-stocked vests and helmets.
  const serialized = (locationId: number, category: string) =>
    maybeOne<{ id: number }>(
      client,
      `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN items i ON i.product_id = p.id
       WHERE c.name = $2 AND p.kind = 'rent' AND p.active AND i.home_location_id = $1
       GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
      [locationId, category],
    );
  const bulk = (locationId: number, category: string) =>
    maybeOne<{ id: number }>(
      client,
      `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
         JOIN stock_levels s ON s.product_id = p.id AND s.location_id = $1
       WHERE c.name = $2 AND p.kind = 'rent' AND p.active ORDER BY s.quantity DESC, p.id LIMIT 1`,
      [locationId, category],
    );

  const prices: unknown[][] = [];
  const tiers: unknown[][] = [];
  const items: unknown[][] = [];
  const images: unknown[][] = [];
  const seasonPrices: unknown[][] = [];
  let count = 0;
  for (const [
    code,
    name,
    locationCode,
    groupName,
    minutes,
    capacity,
    min,
    perLeader,
    base,
    gear,
    languages,
  ] of TOURS) {
    const locationId = locations.get(locationCode);
    const group = groups.get(groupName);
    if (!locationId || !group) continue;
    const meeting = await place(locationId, 'meeting_point');
    const site = await place(locationId, 'site');
    if (!meeting) continue;
    const description = descriptionOf(name, gear, minutes);
    const { id } = await one<{ id: number }>(
      client,
      `INSERT INTO tour_definitions (location_id, code, name, group_id, status, steps_done, duration_minutes, capacity,
         min_participants, participants_per_leader, min_leaders, languages, private_price_minor, taxable, no_show_fee_bp,
         meeting_point_id, site_id, description, description_html, what_to_bring, terms_id, waiver_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9, 1, $10, $11, true, 10000, $12, $13, $14::jsonb, $15, $16, $17, $18,
         $19, $19) RETURNING id`,
      [
        locationId,
        code,
        name,
        group.id,
        tourDefinitionSteps,
        minutes,
        capacity,
        min,
        perLeader,
        languages,
        Math.round((base * capacity * 0.8) / 100) * 100,
        meeting.id,
        site?.id ?? null,
        JSON.stringify(description),
        richTextToHtml(description),
        WHAT_TO_BRING[gear ?? 'walk'],
        terms,
        gear ? waiver : null,
        new Date(now.getTime() - 200 * 86_400_000),
      ],
    );
    count += 1;
    for (const g of ageGroups) prices.push([id, g.id, priceOf(g, base)]);
    const { id: seasonId } = await one<{ id: number }>(
      client,
      `INSERT INTO tour_definition_seasons (definition_id, name, days) VALUES ($1, 'Summer', daterange($2::date, $3::date, '[]'))
       RETURNING id`,
      [id, `${year}-06-01`, `${year}-08-31`],
    );
    for (const g of ageGroups)
      seasonPrices.push([seasonId, g.id, priceOf(g, Math.round((base * 1.2) / 100) * 100)]);
    for (const [hours, fee] of [
      [48, 0],
      [24, 5000],
      [0, 10000],
    ])
      tiers.push([id, hours, fee]);
    if (gear === 'kayak') {
      const kayak = await serialized(locationId, 'Kayaks');
      if (kayak) items.push([id, kayak.id, 'participant', adult.id, 1, 2]);
      const vest = await bulk(locationId, 'Life jackets');
      if (vest) items.push([id, vest.id, 'participant', null, 1, 1]);
    } else if (gear === 'bike') {
      const helmet = await bulk(locationId, 'Helmets');
      if (helmet) items.push([id, helmet.id, 'participant', null, 1, 1]);
    }
    const cover = await writeCover(imagesDir, code, name, group.color);
    images.push([
      id,
      cover.stored,
      cover.thumb,
      'image/webp',
      cover.width,
      cover.height,
      cover.size,
      `${name} cover`,
      0,
      true,
    ]);
  }
  await bulkInsert(
    client,
    'tour_definition_prices',
    [
      ['definition_id', 'int'],
      ['age_group_id', 'int'],
      ['price_minor', 'bigint'],
    ],
    prices,
  );
  await bulkInsert(
    client,
    'tour_definition_season_prices',
    [
      ['season_id', 'int'],
      ['age_group_id', 'int'],
      ['price_minor', 'bigint'],
    ],
    seasonPrices,
  );
  await bulkInsert(
    client,
    'tour_definition_cancellation_tiers',
    [
      ['definition_id', 'int'],
      ['hours_before', 'int'],
      ['fee_bp', 'int'],
    ],
    tiers,
  );
  await bulkInsert(
    client,
    'tour_definition_items',
    [
      ['definition_id', 'int'],
      ['product_id', 'int'],
      ['per', 'text'],
      ['age_group_id', 'int'],
      ['units', 'smallint'],
      ['per_count', 'smallint'],
    ],
    items,
  );
  await bulkInsert(
    client,
    'tour_definition_images',
    [
      ['definition_id', 'int'],
      ['stored_name', 'text'],
      ['thumb_name', 'text'],
      ['content_type', 'text'],
      ['width', 'int'],
      ['height', 'int'],
      ['size_bytes', 'int'],
      ['alt', 'text'],
      ['position', 'smallint'],
      ['is_cover', 'boolean'],
    ],
    images,
  );
  return count;
}
