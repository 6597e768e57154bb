/** Kept apart from the hashing code so browser forms can import it. */
export const PASSWORD_MIN_LENGTH = 10;
