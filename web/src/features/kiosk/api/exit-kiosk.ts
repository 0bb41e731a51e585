import { useMutation } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/kiosk/exit: a manager's access key lets this device leave kiosk mode. */
export function useExitKiosk() {
  return useMutation({
    mutationFn: (accessKey: string) =>
      quietApi.post<{ approved_by: number }>('nine/kiosk/exit', { json: { access_key: accessKey } }),
  });
}
