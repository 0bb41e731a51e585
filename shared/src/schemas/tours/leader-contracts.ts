import { z } from 'zod';
import { deleted, id, idPath, pageOf } from '../contract-helpers.ts';
import { settingsDeleteQuery } from '../settings.ts';
import {
  leaderCandidate,
  leaderCandidatesQuery,
  leaderCreate,
  leaderDaysOff,
  leaderDaysOffCreate,
  leaderDetail,
  leaderEventRow,
  leaderEventsQuery,
  leaderHoursUpdate,
  leaderListQuery,
  leaderRow,
  leaderSkill,
  leaderSkillInput,
  leaderSkillUpdate,
  leaderUpdate,
} from './leaders.ts';

// The tour leaders' routes (issue #19), spread into contracts.ts.

export const leaderPage = pageOf(leaderRow);
export type LeaderPage = z.infer<typeof leaderPage>;
export const leaderEventPage = pageOf(leaderEventRow);
export type LeaderEventPage = z.infer<typeof leaderEventPage>;
export const leaderCandidates = z.object({ rows: z.array(leaderCandidate) });
export type LeaderCandidates = z.infer<typeof leaderCandidates>;

export const leaderContracts = {
  'GET /api/nine/tours/leaders': { querystring: leaderListQuery, response: { 200: leaderPage } },
  'GET /api/nine/tours/leader-candidates': {
    querystring: leaderCandidatesQuery,
    response: { 200: leaderCandidates },
  },
  'POST /api/nine/tours/leaders': { body: leaderCreate, response: { 201: leaderDetail } },
  'GET /api/nine/tours/leaders/:id': { params: id, response: { 200: leaderDetail } },
  'PATCH /api/nine/tours/leaders/:id': { params: id, body: leaderUpdate, response: { 200: leaderDetail } },
  'PUT /api/nine/tours/leaders/:id/hours': {
    params: id,
    body: leaderHoursUpdate,
    response: { 200: leaderDetail },
  },
  'POST /api/nine/tours/leaders/:id/skills': {
    params: id,
    body: leaderSkillInput,
    response: { 201: leaderSkill },
  },
  'PATCH /api/nine/tours/leaders/:id/skills/:skillId': {
    params: idPath('id', 'skillId'),
    body: leaderSkillUpdate,
    response: { 200: leaderSkill },
  },
  'DELETE /api/nine/tours/leaders/:id/skills/:skillId': {
    params: idPath('id', 'skillId'),
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'POST /api/nine/tours/leaders/:id/days-off': {
    params: id,
    body: leaderDaysOffCreate,
    response: { 201: leaderDaysOff },
  },
  'DELETE /api/nine/tours/leaders/:id/days-off/:dayId': {
    params: idPath('id', 'dayId'),
    response: { 200: deleted },
  },
  'GET /api/nine/tours/leaders/:id/events': {
    params: id,
    querystring: leaderEventsQuery,
    response: { 200: leaderEventPage },
  },
};
