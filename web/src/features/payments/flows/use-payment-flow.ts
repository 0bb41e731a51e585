import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { takePayment } from '../api/take-payment.ts';
import { takePaymentMachine, type TakePaymentInput } from './take-payment-machine.ts';

/**
 * The take-payment flow on the payments endpoint, as the dialog and the inline cash tender run it.
 * `onDone` is told once, when the last tender went through: the drawer and the receipt must not go twice.
 */
export function usePaymentFlow(
  {
    orderId,
    cashRegisterId,
    newKey,
  }: Omit<TakePaymentInput, 'newKey'> & { newKey?: (() => string) | undefined },
  onDone: (paid: PaymentView[]) => void,
) {
  const machine = useMemo(
    () =>
      takePaymentMachine.provide({
        actors: { pay: fromPromise(({ input }) => takePayment(input.body, input.key)) },
      }),
    [],
  );
  const [state, send] = useMachine(machine, {
    input: { orderId, cashRegisterId, ...(newKey ? { newKey } : {}) },
  });
  const done = state.matches('done');
  const { paid } = state.context;
  const told = useRef(false);
  useEffect(() => {
    if (done && !told.current) {
      told.current = true;
      onDone(paid);
    }
  }, [done, paid, onDone]);
  return [state, send] as const;
}
