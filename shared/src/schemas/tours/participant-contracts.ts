import { deleted, id } from '../contract-helpers.ts';
import {
  definitionQuestionsResult,
  definitionQuestionsUpdate,
  orderParticipants,
  tourParticipant,
  tourParticipantInput,
  tourParticipantUpdate,
  tourWaiver,
  waiverSignInput,
} from './participants.ts';
import {
  easySignLookup,
  easySignToken,
  publicLanding,
  publicParticipant,
  publicParticipantInput,
  publicParticipantPage,
  publicParticipantUpdate,
  publicTokenParticipantPath,
  publicTokenPath,
  publicWaiverSigned,
} from './public.ts';

/** Participants and signed waivers (issue #20): staff routes, the public participant page, easy-sign and the landing page; spread into contracts.ts. */
export const tourParticipantContracts = {
  'GET /api/nine/tours/orders/:id/participants': { params: id, response: { 200: orderParticipants } },
  'POST /api/nine/tours/orders/:id/participants': {
    params: id,
    body: tourParticipantInput,
    response: { 201: tourParticipant },
  },
  'PATCH /api/nine/tours/participants/:id': {
    params: id,
    body: tourParticipantUpdate,
    response: { 200: tourParticipant },
  },
  'DELETE /api/nine/tours/participants/:id': { params: id, response: { 200: deleted } },
  'POST /api/nine/tours/participants/:id/waivers': {
    params: id,
    body: waiverSignInput,
    response: { 201: tourWaiver },
  },
  'GET /api/nine/tours/waivers/:id': { params: id, response: { 200: tourWaiver } },
  /** application/pdf: the signed waiver as a document (no JSON answer). */
  'GET /api/nine/tours/waivers/:id/pdf': { params: id },
  'PUT /api/nine/tours/definitions/:id/questions': {
    params: id,
    body: definitionQuestionsUpdate,
    response: { 200: definitionQuestionsResult },
  },
  // ---- public (no sign-in; rate limited; every miss is the same 404) ----
  'GET /api/nine/public/participant/:token': {
    params: publicTokenPath,
    response: { 200: publicParticipantPage },
  },
  'POST /api/nine/public/participant/:token/participants': {
    params: publicTokenPath,
    body: publicParticipantInput,
    response: { 201: publicParticipant },
  },
  'PATCH /api/nine/public/participant/:token/participants/:id': {
    params: publicTokenParticipantPath,
    body: publicParticipantUpdate,
    response: { 200: publicParticipant },
  },
  'POST /api/nine/public/participant/:token/participants/:id/waiver': {
    params: publicTokenParticipantPath,
    body: waiverSignInput,
    response: { 201: publicWaiverSigned },
  },
  'POST /api/nine/public/easy-sign/lookup': { body: easySignLookup, response: { 200: easySignToken } },
  'GET /api/nine/public/landing': { response: { 200: publicLanding } },
} as const;
