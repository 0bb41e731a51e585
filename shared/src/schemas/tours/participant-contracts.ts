/** Participants and signed waivers (issue #20): staff routes, the public participant page, easy-sign and the landing page; spread into contracts.ts. */
export const tourParticipantContracts = {} as const;
