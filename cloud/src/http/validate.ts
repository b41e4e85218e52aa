import * as yup from 'yup';
import { badRequest } from '../errors.js';

/**
 * Runs a yup schema over untrusted input and returns the typed value. A failure becomes 400 with
 * the first message as `detail` (schemas word their messages as `<field> ...`).
 */
export function validate<S extends yup.AnySchema>(schema: S, value: unknown): yup.InferType<S> {
  try {
    return schema.validateSync(value ?? {}, { abortEarly: true, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) throw badRequest(err.errors[0] ?? err.message);
    throw err;
  }
}
