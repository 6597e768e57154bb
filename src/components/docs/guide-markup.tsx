/** How the guide's pages mark up text: anchors for error rows, inline code, the tags its messages use. */
export const errorAnchor = (name: string) => `error-${name.toLowerCase().replace(/_/g, "-")}`;

export const INLINE_CODE = "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm";

/** The markup the guide's messages use: <c> inline code, <b> bold, <em> a quoted API message. */
export const TAGS = {
  c: (chunks: React.ReactNode) => <code className={INLINE_CODE}>{chunks}</code>,
  b: (chunks: React.ReactNode) => <strong>{chunks}</strong>,
  em: (chunks: React.ReactNode) => <em>{chunks}</em>,
};
