import { Box, Text } from '@chakra-ui/react';

export interface PrintCustomerProps {
  /** "Customer" in the sheet's own words. */
  label: string;
  name: string | null;
  phone: string | null;
  address: string | null;
  /** A receipt leaves the address out. */
  receipt: boolean;
}

/** The customer lines under a printed sheet's heading (an order, an invoice). */
export function PrintCustomer({ label, name, phone, address, receipt }: PrintCustomerProps) {
  return (
    <Box mt="1">
      <Text>
        {label}: {name}
      </Text>
      {phone !== null && <Text>{phone}</Text>}
      {!receipt && address !== null && <Text>{address}</Text>}
    </Box>
  );
}
