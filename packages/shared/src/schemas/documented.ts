/**
 * What the OpenAPI document says where zod's JSON Schema cannot see a rule (a refinement, a trim
 * before a length): added with `.meta()`, it changes no input the server takes or refuses.
 */

/**
 * A text the server trims before `min(1)`: blank (spaces only) is refused. Said as a pattern,
 * since the document's `minLength` counts the spaces.
 */
export const NOT_BLANK = { pattern: "\\S" } as const;

/** A data URL as the upload decoder reads it: `data:`, a header of at most 251 characters, a comma. */
export const DATA_URL = { pattern: "^[Dd][Aa][Tt][Aa]:[^,]{1,251}," } as const;
