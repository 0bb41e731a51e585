import { AppError } from '@nine/shared/errors';
import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/**
 * Activity setting is_migration_in_progress: while a shop brings its data over from another system, new
 * orders of that rental type would mix with the imported ones, so creating them is refused (1600). A sale
 * has no rental type and follows the location's default one, as its other switches do.
 */
export async function refuseDuringMigration(
  client: Queryable,
  locationId: number,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
): Promise<void> {
  const row = await maybeOne<Pick<Tables['activity_settings'], 'is_migration_in_progress'>>(
    client,
    'SELECT is_migration_in_progress FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2',
    [locationId, rentalTypeId],
  );
  if (row?.is_migration_in_progress) throw new AppError('dataMigrationInProgress');
}
