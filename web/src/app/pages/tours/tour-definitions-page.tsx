import { grants } from '@nine/shared/permissions';
import type { TourDefinitionStep } from '@nine/shared/schemas/tours/definitions';
import { useSession } from '../../../features/session/session-context.tsx';
import { DefinitionList } from '../../../features/tours/definitions/list/definition-list.tsx';
import { pathWith } from '../../route-table.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';

const editorHref = (id: number | 'new', step: TourDefinitionStep) =>
  pathWith('tourDefinitionEditor', { id, step });

function TourDefinitionsScreen({ variant }: { variant: 'new' | 'classic' }) {
  const locationId = useSession()?.locationId ?? null;
  const permissions = useViewerPermissions() ?? [];
  return (
    <DefinitionList
      key={locationId}
      variant={variant}
      locationId={locationId}
      canManage={grants(permissions, { resource: 'tour', action: 'manage' })}
      editorHref={editorHref}
    />
  );
}

/** tour-management/definitions/tours: the location's tours, with the editor one click away. */
export function TourDefinitionsPage() {
  return <TourDefinitionsScreen variant="new" />;
}

/** tours/definitions (legacy): the same list in the classic layout. */
export function TourDefinitionsClassicPage() {
  return <TourDefinitionsScreen variant="classic" />;
}
