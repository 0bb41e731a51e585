import type { z } from 'zod';
import { id, idPath, pageOf } from '../contract-helpers.ts';
import {
  tourEquipmentCheckQuery,
  tourEventCalendar,
  tourEventCalendarQuery,
  tourEventCreate,
  tourEventDetail,
  tourEventEquipment,
  tourEventLeaderAssign,
  tourEventListQuery,
  tourEventReschedule,
  tourEventRescheduled,
  tourEventRow,
  tourEventStatusChange,
  tourEventUpdate,
  tourSeriesCreate,
  tourSeriesPreview,
  tourSeriesResult,
  tourSeriesUpdate,
} from './events.ts';

export const tourEventPage = pageOf(tourEventRow);
export type TourEventPage = z.infer<typeof tourEventPage>;

/** The events routes' contracts (issue #19), spread into contracts.ts. */
export const tourEventContracts = {
  'GET /api/nine/tours/events': { querystring: tourEventListQuery, response: { 200: tourEventPage } },
  'GET /api/nine/tours/events/calendar': {
    querystring: tourEventCalendarQuery,
    response: { 200: tourEventCalendar },
  },
  'GET /api/nine/tours/events/:id': { params: id, response: { 200: tourEventDetail } },
  'POST /api/nine/tours/events': { body: tourEventCreate, response: { 201: tourEventDetail } },
  'PATCH /api/nine/tours/events/:id': {
    params: id,
    body: tourEventUpdate,
    response: { 200: tourEventDetail },
  },
  'POST /api/nine/tours/events/:id/reschedule': {
    params: id,
    body: tourEventReschedule,
    response: { 200: tourEventRescheduled },
  },
  'POST /api/nine/tours/events/:id/status': {
    params: id,
    body: tourEventStatusChange,
    response: { 200: tourEventDetail },
  },
  'POST /api/nine/tours/events/:id/leaders': {
    params: id,
    body: tourEventLeaderAssign,
    response: { 200: tourEventDetail },
  },
  'DELETE /api/nine/tours/events/:id/leaders/:leaderId': {
    params: idPath('id', 'leaderId'),
    response: { 200: tourEventDetail },
  },
  'GET /api/nine/tours/events/:id/equipment': { params: id, response: { 200: tourEventEquipment } },
  'GET /api/nine/tours/definitions/:id/equipment-check': {
    params: id,
    querystring: tourEquipmentCheckQuery,
    response: { 200: tourEventEquipment },
  },
  'POST /api/nine/tours/event-series/preview': {
    body: tourSeriesCreate,
    response: { 200: tourSeriesPreview },
  },
  'POST /api/nine/tours/event-series': { body: tourSeriesCreate, response: { 201: tourSeriesResult } },
  'PATCH /api/nine/tours/event-series/:id': {
    params: id,
    body: tourSeriesUpdate,
    response: { 200: tourSeriesResult },
  },
};
