import type { QueryClient, QueryMeta } from '@tanstack/react-query';

/**
 * Marks a query as holding settings (business, location, activity…): when any settings save anywhere
 * raises the business's revision, the next answer this browser gets carries the new number and every
 * query so marked is refetched, so a counter does not keep working on yesterday's switches.
 */
export const settingsMeta: QueryMeta = { settings: true };

/** Follows the revision the answers carry; refetches the settings queries when it moves. */
export function followSettingsRevision(queryClient: QueryClient): (revision: number) => void {
  let seen: number | null = null;
  return (revision) => {
    // Answers can arrive out of order: only a newer revision than any seen means a change.
    const moved = seen !== null && revision > seen;
    if (seen === null || revision > seen) seen = revision;
    if (moved) void queryClient.invalidateQueries({ predicate: (query) => query.meta?.settings === true });
  };
}
