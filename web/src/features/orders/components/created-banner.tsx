import { Alert } from '@chakra-ui/react';
import { PageHeading } from '../../../components/page-heading.tsx';

/** The screen's title over the news that the order was made, as the wizard and the counter end. */
export function CreatedBanner({ title, message }: { title: string; message: string }) {
  return (
    <>
      <PageHeading title={title} />
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
    </>
  );
}
