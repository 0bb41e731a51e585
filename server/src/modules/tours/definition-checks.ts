import { AppError } from '@nine/shared/errors';
import {
  tourDefinitionSteps,
  tourStepSchemas,
  type TourBasicInfo,
  type TourDefinitionStep,
  type TourDescription,
  type TourItems,
  type TourLocationStep,
  type TourPricing,
} from '@nine/shared/schemas/tours/definitions';
import { rows, type Queryable } from '../../db/sql.ts';
import type { DefinitionDetailRow } from './definition-queries.ts';

// What a step's fields name must exist and fit: zod checks the shape, these read the database (in the
// write's transaction, after the definition's lock). A refusal is a 400 with the issue on the field, as zod's,
// so the editor shows it where it belongs; rental equipment has its own code.

interface Issue {
  path: string;
  message: string;
}
const refused = (issues: Issue[]) =>
  new AppError('validation', { data: { issues: issues.map((i) => ({ ...i, code: 'custom' })) } });

async function checkBasicInfo(q: Queryable, input: TourBasicInfo, current: number | null): Promise<Issue[]> {
  if (input.group_id === null || input.group_id === current) return [];
  const group = await rows(q, 'SELECT 1 FROM tour_groups WHERE id = $1 AND active', [input.group_id]);
  return group.length ? [] : [{ path: 'group_id', message: 'unknown' }];
}

async function checkPricing(q: Queryable, input: TourPricing): Promise<Issue[]> {
  const groups = await rows<{ id: number; active: boolean }>(q, 'SELECT id, active FROM tour_age_groups');
  const active = new Set(groups.filter((g) => g.active).map((g) => g.id));
  const issues: Issue[] = [];
  input.prices.forEach((p, i) => {
    if (!active.has(p.age_group_id)) issues.push({ path: `prices.${i}.age_group_id`, message: 'unknown' });
  });
  // Every active age group has a price, so a booking never meets a group without one.
  const priced = new Set(input.prices.map((p) => p.age_group_id));
  if ([...active].some((id) => !priced.has(id)))
    issues.push({ path: 'prices', message: 'age_group_missing' });
  return issues;
}

async function checkLocation(q: Queryable, input: TourLocationStep, locationId: number): Promise<Issue[]> {
  const ids = [input.meeting_point_id, input.site_id].filter((id): id is number => id !== null);
  const places = await rows<{ id: number; kind: string }>(
    q,
    'SELECT id, kind FROM tour_places WHERE id = ANY($1::int[]) AND location_id = $2 AND active',
    [ids, locationId],
  );
  const kindOf = new Map(places.map((p) => [p.id, p.kind]));
  const issues: Issue[] = [];
  if (kindOf.get(input.meeting_point_id) !== 'meeting_point')
    issues.push({ path: 'meeting_point_id', message: 'unknown' });
  if (input.site_id !== null && kindOf.get(input.site_id) !== 'site')
    issues.push({ path: 'site_id', message: 'unknown' });
  return issues;
}

async function checkItems(q: Queryable, input: TourItems): Promise<Issue[]> {
  const productIds = [...new Set(input.items.map((i) => i.product_id))];
  const products = await rows<{ id: number; kind: string; active: boolean }>(
    q,
    'SELECT id, kind::text AS kind, active FROM products WHERE id = ANY($1::int[])',
    [productIds],
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  const notRental = productIds.filter((id) => byId.has(id) && byId.get(id)!.kind !== 'rent');
  if (notRental.length) throw new AppError('definitionItemNotRental', { data: { product_ids: notRental } });
  const groups = new Set(
    (await rows<{ id: number }>(q, 'SELECT id FROM tour_age_groups WHERE active')).map((g) => g.id),
  );
  const issues: Issue[] = [];
  input.items.forEach((item, i) => {
    if (!byId.get(item.product_id)?.active)
      issues.push({ path: `items.${i}.product_id`, message: 'unknown' });
    if (item.age_group_id !== null && !groups.has(item.age_group_id))
      issues.push({ path: `items.${i}.age_group_id`, message: 'unknown' });
  });
  return issues;
}

async function checkDescription(q: Queryable, input: TourDescription): Promise<Issue[]> {
  const ids = [input.terms_id, input.waiver_id].filter((id): id is number => id !== null);
  // A document counts once it has a published version: a booking signs that text.
  const docs = await rows<{ id: number; kind: string }>(
    q,
    `SELECT t.id, t.kind FROM tour_terms t WHERE t.id = ANY($1::int[]) AND t.active
       AND EXISTS (SELECT 1 FROM tour_term_versions v WHERE v.terms_id = t.id AND v.status = 'published')`,
    [ids],
  );
  const kindOf = new Map(docs.map((d) => [d.id, d.kind]));
  const issues: Issue[] = [];
  if (kindOf.get(input.terms_id) !== 'terms') issues.push({ path: 'terms_id', message: 'not_published' });
  if (input.waiver_id !== null && kindOf.get(input.waiver_id) !== 'waiver')
    issues.push({ path: 'waiver_id', message: 'not_published' });
  return issues;
}

/** Checks what a step's input names; throws the refusal (400 with issues, or 422 for non-rental equipment). */
export async function checkStepReferences(
  q: Queryable,
  step: TourDefinitionStep,
  input: unknown,
  ctx: { locationId: number; groupId: number | null },
): Promise<void> {
  let issues: Issue[] = [];
  if (step === 'basic-info') issues = await checkBasicInfo(q, input as TourBasicInfo, ctx.groupId);
  else if (step === 'pricing') issues = await checkPricing(q, input as TourPricing);
  else if (step === 'location') issues = await checkLocation(q, input as TourLocationStep, ctx.locationId);
  else if (step === 'items') issues = await checkItems(q, input as TourItems);
  else if (step === 'description') issues = await checkDescription(q, input as TourDescription);
  if (issues.length) throw refused(issues);
}

/** The gallery is done with at least one image and a cover. */
export function galleryDone(detail: Pick<DefinitionDetailRow, 'images'>): boolean {
  return detail.images.length > 0 && detail.images.some((i) => i.is_cover);
}

/** A step's input as stored, read back from the detail (what publish re-checks). */
export function stepValues(detail: DefinitionDetailRow, step: TourDefinitionStep): unknown {
  switch (step) {
    case 'basic-info':
      return {
        code: detail.code,
        name: detail.name,
        group_id: detail.group_id,
        duration_minutes: detail.duration_minutes,
        capacity: detail.capacity,
        min_participants: detail.min_participants,
        participants_per_leader: detail.participants_per_leader,
        min_leaders: detail.min_leaders,
        languages: detail.languages,
      };
    case 'pricing':
      return {
        prices: detail.prices,
        private_price_minor: detail.private_price_minor,
        taxable: detail.taxable,
        seasons: detail.seasons.map(({ name, first_day, last_day, prices }) => ({
          name,
          first_day,
          last_day,
          prices,
        })),
      };
    case 'cancellation-fee':
      return { tiers: detail.tiers, no_show_fee_bp: detail.no_show_fee_bp };
    case 'gallery':
      return {};
    case 'location':
      return { meeting_point_id: detail.meeting_point_id, site_id: detail.site_id };
    case 'items':
      return {
        items: detail.items.map(({ product_id, per, age_group_id, units, per_count }) => ({
          product_id,
          per,
          age_group_id,
          units,
          per_count,
        })),
      };
    case 'description':
      return {
        description: detail.description,
        what_to_bring: detail.what_to_bring ?? '',
        terms_id: detail.terms_id,
        waiver_id: detail.waiver_id,
      };
  }
}

/**
 * The steps a definition cannot be published without: not saved yet, or saved but no longer valid (an age
 * group added since, a place or terms deactivated): each is parsed again with its shared schema and checked
 * against the database.
 */
export async function missingSteps(q: Queryable, detail: DefinitionDetailRow): Promise<TourDefinitionStep[]> {
  const missing: TourDefinitionStep[] = [];
  for (const step of tourDefinitionSteps) {
    if (!detail.steps_done.includes(step)) {
      missing.push(step);
      continue;
    }
    if (step === 'gallery') {
      if (!galleryDone(detail)) missing.push(step);
      continue;
    }
    const parsed = tourStepSchemas[step].safeParse(stepValues(detail, step));
    if (!parsed.success) {
      missing.push(step);
      continue;
    }
    try {
      // The group kept from before is fine even if inactive since: it only labels the tour.
      await checkStepReferences(q, step, parsed.data, {
        locationId: detail.location_id,
        groupId: detail.group_id,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      missing.push(step);
    }
  }
  return missing;
}
