/** The roles an owner can give, most powerful first; their names and descriptions are in the message files. */
export const ROLES = ["owner", "developer", "viewer"] as const;
