import type { OrderParticipants, TourParticipant } from '@nine/shared/schemas/tours/participants';
import type { TourReservationDetail } from '../../api/reservation/get-tour-reservation.ts';

/** A reservation as the detail route answers it: two adults and a child on a kayak tour. */
export function reservationFixture(
  overrides: Partial<TourReservationDetail> = {},
  tour: Partial<TourReservationDetail['tour']> = {},
): TourReservationDetail {
  return {
    id: 41,
    number: 1041,
    type: 'tour',
    status: 'confirmed',
    version: 3,
    location_id: 1,
    total_minor: 15000,
    paid_minor: 8000,
    balance_minor: 7000,
    allowed_events: [{ type: 'CANCEL' }],
    customer: {
      id: 8,
      name: 'Ann Lee',
      phone: '+34 600 000 000',
      email: null,
      address: null,
      postal_code: null,
      is_anonymous: false,
    },
    ...overrides,
    tour: {
      event: {
        id: 7,
        starts_at: '2031-06-10T09:00:00.000Z',
        ends_at: '2031-06-10T12:00:00.000Z',
        status: 'scheduled',
        definition: { id: 3, name: 'Lake kayak', code: 'KAYAK' },
        meeting_point: { id: 2, name: 'Boathouse', address: '1 Shore Rd', instructions: null },
        capacity: 12,
        seats_taken: 5,
        time_zone: 'UTC',
      },
      seats: [
        { age_group_id: 1, name: 'Adult', quantity: 2, unit_price_minor: 6000, guardian_required: false },
        { age_group_id: 2, name: 'Child', quantity: 1, unit_price_minor: 3000, guardian_required: true },
      ],
      equipment: [],
      participants: [],
      share_link: null,
      is_private: false,
      ...tour,
    },
  } as TourReservationDetail;
}

export function participantFixture(overrides: Partial<TourParticipant> = {}): TourParticipant {
  return {
    id: 100,
    order_id: 41,
    age_group_id: 1,
    age_group_name: 'Adult',
    is_organiser: false,
    first_name: 'Ann',
    last_name: 'Lee',
    birth_date: null,
    email: null,
    phone: null,
    emergency_name: null,
    emergency_phone: null,
    answers: {},
    checkin_code: 'ABCDEFGH12',
    checked_in_at: null,
    created_via: 'staff',
    created_at: '2031-05-01T10:00:00.000Z',
    version: 1,
    waiver: null,
    ...overrides,
  };
}

export function participantsFixture(participants: TourParticipant[]): OrderParticipants {
  const signed = participants.filter((p) => p.waiver?.current === true).length;
  return {
    order_id: 41,
    kind: 'tour',
    required_fields: [],
    questions: [],
    terms: { terms_id: 5, version_id: 9, title: 'Kayak waiver', number: 2 },
    consent_text: 'I have read and accept these terms.',
    seats: [
      { age_group_id: 1, name: 'Adult', quantity: 2, guardian_required: false, min_age: 18, max_age: null },
      { age_group_id: 2, name: 'Child', quantity: 1, guardian_required: true, min_age: 6, max_age: 17 },
    ],
    participants,
    filled: participants.length,
    signed,
    seats_total: 3,
  };
}
