/** Online payment (issue #20): payment intents on the participant page and the provider webhook; spread into contracts.ts. */
export const onlinePaymentContracts = {} as const;
