/** Only same-site paths are followed after signing in, never another origin. */
export const safeCallback = (value: string | null, fallback = "/overview") =>
  value && value.startsWith("/") && !value.startsWith("//") ? value : fallback;
