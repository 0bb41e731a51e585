import { json } from './fake-fetch.ts';

export interface FieldIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

/** The server's 400 (1001) for a body its schema refuses, with the issues a form puts on its fields. */
export const invalidRequest = (...issues: FieldIssue[]) =>
  json(400, { resp_code: 1001, resp_message: 'The request is not valid.', data: { issues } });
