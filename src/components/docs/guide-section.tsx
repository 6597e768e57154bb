export function GuideSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="scroll-mt-8 border-t border-slate-200 py-10 first:border-t-0">
      <h2 className="text-2xl font-semibold tracking-tight">
        <a href={`#${id}`}>{title}</a>
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-700">{children}</div>
    </section>
  );
}
