export function readAllowlist(cwd: string): string[];
