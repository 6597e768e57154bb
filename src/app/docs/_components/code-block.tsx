export function CodeBlock({ title, children }: { title?: string; children: string }) {
  return (
    <figure className="my-4 overflow-hidden rounded-lg border border-slate-800 bg-slate-950">
      {title && <figcaption className="border-b border-slate-800 px-4 py-2 text-xs text-slate-400">{title}</figcaption>}
      <pre className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100">
        <code>{children.trim()}</code>
      </pre>
    </figure>
  );
}
