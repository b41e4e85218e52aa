// What every JSON-object body is checked for first, and the one detail its absence answers.

/** The 400 detail for a body that is not a JSON object. */
export const BODY_NOT_OBJECT_DETAIL = 'request body must be a JSON object';

/** True for a JSON object: not null, not an array. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
