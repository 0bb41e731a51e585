import type { z } from 'zod';
import { id, pageOf } from '../contract-helpers.ts';
import {
  tourCheckin,
  tourCheckinByCode,
  tourManifest,
  tourManifestRow,
  tourReservationCreate,
  tourReservationDetail,
  tourReservationListQuery,
  tourReservationRow,
  tourShareLink,
  tourShareLinkState,
} from './reservations.ts';

export const tourReservationPage = pageOf(tourReservationRow);
export type TourReservationPage = z.infer<typeof tourReservationPage>;

/** Tour reservations (issue #20): create, list and manifest, detail, share link, check-in; spread into contracts.ts. */
export const tourReservationContracts = {
  'GET /api/nine/tours/reservations': {
    querystring: tourReservationListQuery,
    response: { 200: tourReservationPage },
  },
  'POST /api/nine/tours/reservations': {
    body: tourReservationCreate,
    response: { 201: tourReservationDetail },
  },
  'GET /api/nine/tours/reservations/:id': { params: id, response: { 200: tourReservationDetail } },
  'GET /api/nine/tours/events/:id/manifest': { params: id, response: { 200: tourManifest } },
  'POST /api/nine/tours/reservations/:id/share-link': { params: id, response: { 201: tourShareLink } },
  'DELETE /api/nine/tours/reservations/:id/share-link': {
    params: id,
    response: { 200: tourShareLinkState },
  },
  'POST /api/nine/tours/events/:id/check-in': {
    params: id,
    body: tourCheckinByCode,
    response: { 200: tourManifestRow },
  },
  'POST /api/nine/tours/participants/:id/check-in': {
    params: id,
    body: tourCheckin,
    response: { 200: tourManifestRow },
  },
} as const;
