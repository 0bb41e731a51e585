import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

export interface SubmitFormProps extends Omit<HTMLChakraProps<'form'>, 'onSubmit'> {
  /** Called with the browser's own submit already prevented; a promise it returns is not awaited. */
  onSubmit(): unknown;
}

/** A form that checks its own fields (noValidate) and hands its submit to `onSubmit`, the page staying put. */
export function SubmitForm({ onSubmit, ...props }: SubmitFormProps) {
  return (
    <chakra.form
      noValidate
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    />
  );
}
