import { Link as ChakraLink } from '@chakra-ui/react';
import { useCallback } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import type { TourDefinitionStep } from '@nine/shared/schemas/tours/definitions';
import { DefinitionEditor } from '../../../features/tours/definitions/editor/definition-editor.tsx';
import { findRoute, pathTo, pathWith } from '../../route-table.ts';
import { useScreenContext } from '../use-screen-context.ts';

/**
 * /tour-management/definitions/:id/:step: the seven-step tour editor, `new` before the first save.
 * Back is refused by the route (blockBack) and leads to the tours list.
 */
export function TourDefinitionEditorPage() {
  const screen = useScreenContext();
  const [, navigate] = useLocation();
  const [, params] = useRoute<{ id: string; step: string }>(findRoute('tourDefinitionEditor')?.path ?? '/');
  const id = params?.id !== undefined && /^\d{1,10}$/.test(params.id) ? Number(params.id) : null;
  const onNavigate = useCallback(
    (definitionId: number | 'new', step: TourDefinitionStep) =>
      navigate(pathWith('tourDefinitionEditor', { id: definitionId, step }), { replace: true }),
    [navigate],
  );
  if (screen.locationId === null || screen.session === null) return null;
  const listHref = pathTo('tourDefinitionsList');
  return (
    <DefinitionEditor
      definitionId={id}
      step={params?.step ?? ''}
      locationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      token={screen.session.login.token}
      onNavigate={onNavigate}
      listHref={listHref}
      renderListLink={(children) => (
        <ChakraLink asChild>
          <Link href={listHref}>{children}</Link>
        </ChakraLink>
      )}
    />
  );
}
