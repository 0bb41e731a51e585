import { id } from '../contract-helpers.ts';
import {
  tourCancellationPreview,
  tourEventCancelledWithReservations,
  tourEventCancelWithReservations,
  tourReservationCancel,
  tourReservationCancelled,
  tourReservationMove,
  tourReservationMoved,
  tourWaitlist,
  tourWaitlistBook,
  tourWaitlistBooked,
  tourWaitlistCreate,
  tourWaitlistOffer,
  tourWaitlistRow,
} from './reservation-changes.ts';

/** Tour reservations (issue #20): move, cancel with fee, waitlist; spread into contracts.ts. */
export const tourReservationChangeContracts = {
  'POST /api/nine/tours/reservations/:id/move': {
    params: id,
    body: tourReservationMove,
    response: { 200: tourReservationMoved },
  },
  'GET /api/nine/tours/reservations/:id/cancellation-preview': {
    params: id,
    response: { 200: tourCancellationPreview },
  },
  'POST /api/nine/tours/reservations/:id/cancel': {
    params: id,
    body: tourReservationCancel,
    response: { 200: tourReservationCancelled },
  },
  'GET /api/nine/tours/events/:id/waitlist': { params: id, response: { 200: tourWaitlist } },
  'POST /api/nine/tours/events/:id/waitlist': {
    params: id,
    body: tourWaitlistCreate,
    response: { 201: tourWaitlistRow },
  },
  'DELETE /api/nine/tours/waitlist/:id': { params: id, response: { 200: tourWaitlistRow } },
  'POST /api/nine/tours/waitlist/:id/offer': {
    params: id,
    body: tourWaitlistOffer,
    response: { 200: tourWaitlistRow },
  },
  'POST /api/nine/tours/waitlist/:id/book': {
    params: id,
    body: tourWaitlistBook,
    response: { 201: tourWaitlistBooked },
  },
  'POST /api/nine/tours/events/:id/cancel-with-reservations': {
    params: id,
    body: tourEventCancelWithReservations,
    response: { 200: tourEventCancelledWithReservations },
  },
};
