import { fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client.ts';
import type { OrderDetail } from '../api/get-order.ts';

/** One answer of the scripted server: the created order, or the refusal the API client throws. */
export type CreateReply = () => OrderDetail | ApiError;

/**
 * The `create` actor of the create-order and quick-sale machines on a scripted server: each call is
 * recorded in `creates` and answered by the next reply; a call with no reply left fails as "unscripted".
 */
export function scriptedCreate<Body>(
  replies: CreateReply[] | undefined,
  creates: { body: Body; key: string }[],
) {
  return fromPromise(async ({ input }: { input: { body: Body; key: string } }) => {
    creates.push(input);
    const reply = replies?.shift()?.();
    if (reply === undefined) throw new Error('unscripted');
    if (reply instanceof ApiError) throw reply;
    return reply;
  });
}
