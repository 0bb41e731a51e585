import {
  tourDefinitionStatuses,
  type TourDefinitionListQuery,
  type TourDefinitionStatus,
} from '@nine/shared/schemas/tours/definitions';
import { createListCodec, listField } from '../../../../lib/use-list-url-state.ts';
import type { TourDefinitionListParams } from '../../api/definitions/list-tour-definitions.ts';

export type DefinitionSort = TourDefinitionListQuery['sort'];
export const DEFINITION_SORTS: readonly DefinitionSort[] = ['name', 'code', 'created_at', 'updated_at'];
export const DEFINITION_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The tours list as its URL holds it. */
export interface DefinitionListState {
  page: number;
  pageSize: number;
  sort: DefinitionSort;
  sortType: 'asc' | 'desc';
  search?: string;
  group?: number;
  status?: TourDefinitionStatus;
}

export const definitionListCodec = createListCodec<DefinitionListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(DEFINITION_PAGE_SIZES),
    sort: listField.oneOf('sort', DEFINITION_SORTS),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
    search: listField.text('search'),
    group: listField.id('group'),
    status: listField.oneOf('status', tourDefinitionStatuses),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'name', sortType: 'asc' }),
);

/** The list's query for the server. */
export function definitionListParams(state: DefinitionListState): TourDefinitionListParams {
  return {
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    sort_type: state.sortType,
    search: state.search,
    group_id: state.group,
    status: state.status,
  };
}
