import type { Role } from "@/generated/prisma/enums";

// Mirrors the server's ranking (src/server/access/authorization.ts); the server enforces it, the UI only hides.
const RANK: Record<Role, number> = { viewer: 0, developer: 1, owner: 2 };

export const hasRole = (role: Role, min: Role) => RANK[role] >= RANK[min];
