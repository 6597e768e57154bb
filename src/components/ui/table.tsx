import { cn } from "./cn";

/** A table that scrolls sideways on narrow screens instead of squashing its columns. */
export function Table({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    // Positioned, so that visually hidden (absolute) labels in cells scroll with the table, not the page.
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const Th = ({ children, className }: { children?: React.ReactNode; className?: string }) => (
  <th scope="col" className={cn("whitespace-nowrap bg-slate-50 px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600", className)}>
    {children}
  </th>
);

export const Td = ({ children, className }: { children?: React.ReactNode; className?: string }) => (
  <td className={cn("whitespace-nowrap px-4 py-2.5 text-slate-800", className)}>{children}</td>
);

export const Tbody = ({ children }: { children: React.ReactNode }) => <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>;
