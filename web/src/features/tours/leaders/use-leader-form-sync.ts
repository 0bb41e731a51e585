import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import type { LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import type { SchemaForm } from '../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Keeps a leader form in step with the leader read from the server. The profile and the week are both saved
 * against the leader's version, so saving one brings a new version to the other: that form takes the newer
 * values only while untouched, so unsaved edits stay. After a conflict (409) the next read is shown whatever
 * was typed, as the conflict message says.
 */
export function useLeaderFormSync<Input extends FieldValues, Output>(
  form: SchemaForm<Input, Output>,
  leader: LeaderDetail,
  valuesOf: (leader: LeaderDetail) => Input,
) {
  const queryClient = useQueryClient();
  const dirty = form.formState.isDirty;
  const force = useRef(false);
  const sync = useEffectEvent(() => {
    if (dirty && !force.current) return;
    force.current = false;
    form.reset(valuesOf(leader));
  });
  useEffect(() => sync(), [leader.version]);
  return {
    /** A save answered with the stored leader: the form shows it, no longer dirty. */
    saved: (stored: LeaderDetail) => form.reset(valuesOf(stored)),
    /** A failed save: on a conflict, read the leader again and show it. */
    failed: (error: unknown) => {
      if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.versionConflict.code) return;
      force.current = true;
      void queryClient.invalidateQueries({ queryKey: ['tours', 'leaders'] });
    },
  };
}
