/** Plain text with its http(s) URLs as links. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="break-all text-blue-800 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
