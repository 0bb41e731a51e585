import { z } from 'zod';
import { fileUpload, id, idPath, pageOf } from '../contract-helpers.ts';
import {
  tourBasicInfo,
  tourDefinitionDetail,
  tourDefinitionListQuery,
  tourDefinitionPublishInput,
  tourDefinitionRow,
  tourDefinitionStatusInput,
  tourDefinitionStepInput,
  tourDefinitionSteps,
  tourImageFileParams,
  tourImagesUpdate,
} from './definitions.ts';

// The tour definitions' routes (issue #19), spread into contracts.ts.

export const tourDefinitionPage = pageOf(tourDefinitionRow);
export type TourDefinitionPage = z.infer<typeof tourDefinitionPage>;

const PATH = '/api/nine/tours/definitions';

export const definitionContracts = {
  [`GET ${PATH}`]: { querystring: tourDefinitionListQuery, response: { 200: tourDefinitionPage } },
  [`POST ${PATH}`]: { body: tourBasicInfo, response: { 201: tourDefinitionDetail } },
  [`GET ${PATH}/:id`]: { params: id, response: { 200: tourDefinitionDetail } },
  [`PUT ${PATH}/:id/steps/:step`]: {
    params: id.extend({ step: z.enum(tourDefinitionSteps) }),
    body: tourDefinitionStepInput,
    response: { 200: tourDefinitionDetail },
  },
  [`POST ${PATH}/:id/publish`]: {
    params: id,
    body: tourDefinitionPublishInput,
    response: { 200: tourDefinitionDetail },
  },
  [`POST ${PATH}/:id/status`]: {
    params: id,
    body: tourDefinitionStatusInput,
    response: { 200: tourDefinitionDetail },
  },
  [`DELETE ${PATH}/:id`]: {
    params: id,
    querystring: z.object({ version: z.string().regex(/^\d{1,9}$/) }),
    response: { 200: z.object({ id: z.number() }) },
  },
  [`POST ${PATH}/:id/images`]: { params: id, body: fileUpload, response: { 201: tourDefinitionDetail } },
  [`PUT ${PATH}/:id/images`]: { params: id, body: tourImagesUpdate, response: { 200: tourDefinitionDetail } },
  [`DELETE ${PATH}/:id/images/:imageId`]: {
    params: idPath('id', 'imageId'),
    querystring: z.object({ version: z.string().regex(/^\d{1,9}$/) }),
    response: { 200: tourDefinitionDetail },
  },
  'GET /api/nine/tour-images/:file': { params: tourImageFileParams },
};
