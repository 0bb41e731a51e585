import { Alert, Heading } from '@chakra-ui/react';

/** The screen's title over the news that the order was made, as the wizard and the counter end. */
export function CreatedBanner({ title, message }: { title: string; message: string }) {
  return (
    <>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
    </>
  );
}
