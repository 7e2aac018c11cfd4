import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessage } from './api-error-messages.ts';
import { ApiError } from './api-error.ts';

/** An error the server reports by code rather than by field (a wrong current password, say), and where it belongs. */
type CodeFields<F extends string> = Partial<Record<string, { field: F; message: string }>>;

export interface ErrorPlacement<F extends string> {
  /** What the form does with a failed request: its fields are the contract schema's. */
  fields: readonly F[];
  codeFields?: CodeFields<F> | undefined;
  /** Where an error that names no field of the form goes, on a form with no room for an alert of its own. */
  otherErrorsOn?: F | undefined;
}

/** The field a failed request belongs to and the words shown under it; null when it is the whole form's. */
function fieldErrorOf<F extends string>(error: unknown, { fields, codeFields, otherErrorsOn }: ErrorPlacement<F>): { field: F; message: string } | null {
  if (error instanceof ApiError) {
    if (error.field && (fields as readonly string[]).includes(error.field)) return { field: error.field as F, message: apiErrorMessage(error) };
    const byCode = codeFields?.[error.code];
    if (byCode) return byCode;
  }
  return otherErrorsOn ? { field: otherErrorsOn, message: apiErrorMessage(error) } : null;
}

/**
 * Wraps a submit handler: a thrown API error goes on its field (focused) or, naming none, to `setFormError`
 * for the form's alert; a new submit clears the previous one.
 */
export function reportingSubmit<V extends FieldValues, Out>(
  form: Pick<UseFormReturn<V, unknown, Out>, 'handleSubmit' | 'setError'>,
  placement: ErrorPlacement<Path<V>>,
  setFormError: (error: unknown) => void,
) {
  return (onValid: (values: Out) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onValid(values);
      } catch (error) {
        const placed = fieldErrorOf(error, placement);
        if (placed) form.setError(placed.field, { message: placed.message }, { shouldFocus: true });
        else setFormError(error);
      }
    });
}

type ContractFormOptions<S extends z.ZodObject> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> &
  Omit<ErrorPlacement<Path<z.input<S>>>, 'fields'> & {
    /** The contract's request schema: it checks the values before sending, and its fields are the form's. */
    schema: S;
  };

/**
 * A react-hook-form form on a contract schema. `submit(onValid)` is the form's onSubmit: the server's
 * `{error:{code,message,field}}` lands on the field it names, and `formError` holds one that names none.
 */
export function useContractForm<S extends z.ZodObject>({ schema, codeFields, otherErrorsOn, ...options }: ContractFormOptions<S>) {
  // zodResolver's overloads cannot follow a generic schema type; for each concrete S the types are these.
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
  const [formError, setFormError] = useState<unknown>(null);
  const fields = Object.keys(schema.shape) as Path<z.input<S>>[];
  const submit = reportingSubmit(form, { fields, codeFields, otherErrorsOn }, setFormError);
  return { form, formError, submit };
}
