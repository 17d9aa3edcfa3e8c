/** Escapes LIKE/ILIKE wildcards (`%`, `_`) and the escape character itself in text searched for literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: contains the text, wildcards in it taken literally. */
export const containsLike = (s: string) => `%${escapeLike(s)}%`;
