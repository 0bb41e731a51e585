import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import { ApiError } from '../../lib/api-client.ts';
import { useAppTranslation, type AppT } from '../../lib/i18n.ts';
import { issueMessage, tokenOfIssue, tokenOfServerIssue, type IssueMessages } from './issue-messages.ts';

/** A shared zod (v4) schema, typed structurally so the web app needs no zod dependency of its own. */
export interface FormSchema<Input extends FieldValues, Output> {
  _zod: { input: Input; output: Output };
}

export type SchemaForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output>;

export interface SchemaFormOptions<Input extends FieldValues> {
  defaultValues: DefaultValues<Input>;
  /** The form's own wording where `common:form` is too general; a function when it depends on the values. */
  messages?: IssueMessages | ((values: Input) => IssueMessages);
  /** When fields are checked: on submit (the default), then again on every change of an invalid field. */
  mode?: Mode;
}

interface FormMeta {
  t: AppT;
  messages: IssueMessages | ((values: never) => IssueMessages);
}

const messagesFor = (meta: FormMeta, values: unknown): IssueMessages =>
  typeof meta.messages === 'function' ? meta.messages(values as never) : meta.messages;

// What applyServerIssues needs to word an issue, found from the form it is given.
const metaOf = new WeakMap<object, { current: FormMeta }>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Replaces the tokens the resolver left as messages with the translated text, field by field. */
function translateErrors(
  node: Record<string, unknown>,
  path: string,
  t: AppT,
  messages: IssueMessages,
): void {
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'types' || !isRecord(child)) continue;
    const childPath = path === '' ? key : `${path}.${key}`;
    if (typeof child.type === 'string' && typeof child.message === 'string') {
      child.message = issueMessage(t, childPath.replace(/\.root$/, ''), child.message, messages);
    }
    translateErrors(child, childPath, t, messages);
  }
}

/**
 * A react-hook-form form checked by a shared zod schema (the server parses the same one, so the rules
 * cannot drift). Values are the schema's input; `handleSubmit` hands over its parsed output. Messages are
 * translated: `common:form.<token>`, or the form's `messages`.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: FormSchema<Input, Output>,
  options: SchemaFormOptions<Input>,
): SchemaForm<Input, Output> {
  const { t } = useAppTranslation();
  const meta = useRef<FormMeta>({ t, messages: options.messages ?? {} });
  meta.current = { t, messages: options.messages ?? {} };
  const [resolver] = useState(() => {
    const base = zodResolver(schema as never, { error: tokenOfIssue }) as unknown as Resolver<
      Input,
      unknown,
      Output
    >;
    const translated: Resolver<Input, unknown, Output> = async (values, context, resolverOptions) => {
      const result = await base(values, context, resolverOptions);
      translateErrors(result.errors, '', meta.current.t, messagesFor(meta.current, values));
      return result;
    };
    return translated;
  });
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: options.defaultValues,
    mode: options.mode ?? 'onSubmit',
    reValidateMode: 'onChange',
  });
  metaOf.set(form.control, meta);
  return form;
}

const VALIDATION = errorCatalogue.validation.code;

/**
 * Puts the field issues of a `validation` (1001) answer, `data.issues: [{ path, code, message }]`, on the
 * form's fields with the form's translated wording. True when at least one landed on a field; false for
 * any other failure, which the dialog shows as a whole.
 */
export function applyServerIssues<Input extends FieldValues, Output>(
  form: SchemaForm<Input, Output>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.respCode !== VALIDATION) return false;
  const issues = isRecord(error.data) ? error.data.issues : undefined;
  if (!Array.isArray(issues)) return false;
  const meta = metaOf.get(form.control)?.current;
  if (meta === undefined) return false;
  const values = form.getValues();
  const messages = messagesFor(meta, values);
  let landed = false;
  for (const issue of issues) {
    if (!isRecord(issue)) continue;
    const path = Array.isArray(issue.path) ? issue.path.join('.') : String(issue.path ?? '');
    if (path === '' || get(values, path) === undefined) continue;
    const token = tokenOfServerIssue(issue);
    form.setError(path as FieldPath<Input>, {
      type: token,
      message: issueMessage(meta.t, path, token, messages),
    });
    landed = true;
  }
  return landed;
}

/**
 * Resets the form each time its dialog opens, and when it opens on another record: `values` is read then,
 * so the form keeps what the user types while it stays open. `onOpen` clears what else the dialog held
 * (a failed save, an idempotency key).
 */
export function useResetOnOpen<Input extends FieldValues, Output>(
  form: SchemaForm<Input, Output>,
  { open, record, values, onOpen }: { open: boolean; record: unknown; values(): Input; onOpen?(): void },
): void {
  const reset = useEffectEvent(() => {
    form.reset(values());
    onOpen?.();
  });
  useEffect(() => {
    if (open) reset();
  }, [open, record]);
}
