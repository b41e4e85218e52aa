/** A well-formed UUID, any version, either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a well-formed UUID: account ids (a token's subject) and appliance ids. The contract
 * checks ids in bodies with the same pattern; the store keeps its own copy (it imports domain types
 * only) for ids in paths.
 */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID_PATTERN.test(id);
