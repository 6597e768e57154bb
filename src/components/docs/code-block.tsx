import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";

export function CodeBlock({ title, children }: { title?: string; children: string }) {
  const t = useTranslations("docs.code");
  const code = children.trim();
  return (
    <figure className="my-4 overflow-hidden rounded-lg border border-slate-800 bg-slate-950">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-800 px-4 py-1.5 text-xs text-slate-400">
        <span>{title}</span>
        <CopyButton text={code} label={title ? t("copyTitled", { title }) : t("copy")} />
      </figcaption>
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
