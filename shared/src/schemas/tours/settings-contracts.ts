import { deleted, id } from '../contract-helpers.ts';
import { settingsDeleteQuery } from '../settings.ts';
import {
  tourAgeGroup,
  tourAgeGroupInput,
  tourAgeGroupList,
  tourAgeGroupUpdate,
  tourGroup,
  tourGroupInput,
  tourGroupList,
  tourGroupUpdate,
  tourPlace,
  tourPlaceInput,
  tourPlaceList,
  tourPlaceQuery,
  tourPlaceUpdate,
  tourSettings,
  tourSettingsUpdate,
  tourTerms,
  tourTermsCreate,
  tourTermsDraftSave,
  tourTermsList,
  tourTermsPublish,
  tourTermsUpdate,
  tourTermVersion,
  tourTermVersions,
} from './settings.ts';

// The tour settings routes (issue #19), spread into contracts.ts.

export const tourSettingsContracts = {
  'GET /api/nine/tours/settings': { response: { 200: tourSettings } },
  'PUT /api/nine/tours/settings': { body: tourSettingsUpdate, response: { 200: tourSettings } },
  'GET /api/nine/tours/places': { querystring: tourPlaceQuery, response: { 200: tourPlaceList } },
  'POST /api/nine/tours/places': { body: tourPlaceInput, response: { 201: tourPlace } },
  'PATCH /api/nine/tours/places/:id': { params: id, body: tourPlaceUpdate, response: { 200: tourPlace } },
  'DELETE /api/nine/tours/places/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'GET /api/nine/tours/groups': { response: { 200: tourGroupList } },
  'POST /api/nine/tours/groups': { body: tourGroupInput, response: { 201: tourGroup } },
  'PATCH /api/nine/tours/groups/:id': { params: id, body: tourGroupUpdate, response: { 200: tourGroup } },
  'DELETE /api/nine/tours/groups/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'GET /api/nine/tours/age-groups': { response: { 200: tourAgeGroupList } },
  'POST /api/nine/tours/age-groups': { body: tourAgeGroupInput, response: { 201: tourAgeGroup } },
  'PATCH /api/nine/tours/age-groups/:id': {
    params: id,
    body: tourAgeGroupUpdate,
    response: { 200: tourAgeGroup },
  },
  'DELETE /api/nine/tours/age-groups/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'GET /api/nine/tours/terms': { response: { 200: tourTermsList } },
  'POST /api/nine/tours/terms': { body: tourTermsCreate, response: { 201: tourTerms } },
  'PATCH /api/nine/tours/terms/:id': { params: id, body: tourTermsUpdate, response: { 200: tourTerms } },
  'GET /api/nine/tours/terms/:id/versions': { params: id, response: { 200: tourTermVersions } },
  'GET /api/nine/tours/term-versions/:id': { params: id, response: { 200: tourTermVersion } },
  'PUT /api/nine/tours/terms/:id/draft': {
    params: id,
    body: tourTermsDraftSave,
    response: { 200: tourTermVersion },
  },
  'POST /api/nine/tours/terms/:id/publish': {
    params: id,
    body: tourTermsPublish,
    response: { 200: tourTermVersion },
  },
};
