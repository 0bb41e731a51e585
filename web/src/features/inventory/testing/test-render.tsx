import type { ReactElement } from 'react';
import { stubFetch } from '../../../testing/fake-fetch.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';

export interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: Promise<string | FormData | null>;
}

/** Stubs fetch with `answer`, recording each request the feature sends with its body read once. */
export function serve(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  stubFetch((request, url) => {
    const type = request.headers.get('content-type') ?? '';
    const call: Call = {
      method: request.method,
      url,
      headers: request.headers,
      body: type.startsWith('multipart/') ? request.formData() : request.text(),
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

export const renderWithApp = (ui: ReactElement) => renderAtPath('/', ui);
