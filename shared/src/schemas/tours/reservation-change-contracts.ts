/** Tour reservations (issue #20): move, cancel with fee, waitlist; spread into contracts.ts. */
export const tourReservationChangeContracts = {} as const;
