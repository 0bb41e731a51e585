/** Tour reservations (issue #20): create, list and manifest, detail, share link, check-in; spread into contracts.ts. */
export const tourReservationContracts = {} as const;
