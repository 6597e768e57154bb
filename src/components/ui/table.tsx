"use client";
import { useLayoutEffect, useRef } from "react";
import { cn } from "./cn";

/**
 * A table that fits any screen. Under 640 px each row stacks into a card of "label: value" lines
 * (each cell is labelled with its column's heading, so status and actions stay on screen); above,
 * a table wider than its card scrolls sideways and shows a shadow on the side that has more; its
 * actions column (`ActionsTh`, `ActionsTd`) stays pinned to the right edge, so no action is cut off.
 */
export function Table({ caption, children }: { caption: string; children: React.ReactNode }) {
  const ref = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with their data, and each new cell needs its label.
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    const headings = Array.from(table.tHead?.rows[0]?.cells ?? [], (th) => th.textContent?.trim() ?? "");
    for (const body of Array.from(table.tBodies)) {
      for (const row of Array.from(body.rows)) {
        Array.from(row.cells).forEach((cell, i) => cell.setAttribute("data-label", headings[i] ?? ""));
      }
    }
  });
  return (
    // Positioned, so that visually hidden (absolute) labels in cells scroll with the table, not the page.
    // A named, focusable region: keyboard users can scroll it too.
    <div role="region" aria-label={caption} tabIndex={0} className="relative focus-visible:outline-2 focus-visible:outline-blue-800 sm:scroll-shadows sm:overflow-x-auto">
      <table
        ref={ref}
        className={cn(
          "min-w-full text-sm sm:divide-y sm:divide-slate-200",
          "max-sm:block max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:px-4 max-sm:[&_tr]:py-3",
          "max-sm:[&_td]:flex max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:px-0 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right max-sm:[&_td]:whitespace-normal",
          "max-sm:[&_td]:before:content-[attr(data-label)] max-sm:[&_td]:before:text-left max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-medium max-sm:[&_td]:before:text-slate-600 max-sm:[&_td[data-label='']]:before:content-none",
        )}
      >
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

/** Pinned to the table's right edge above 640 px, with a faint shadow over what scrolls beneath it. */
const PINNED = "sm:sticky sm:right-0 sm:shadow-[-8px_0_8px_-8px_rgb(15_23_42_/_0.2)]";

/** The heading of a row's actions: named for screen readers only. */
export const ActionsTh = ({ label }: { label: string }) => (
  <Th className={PINNED}>
    <span className="sr-only">{label}</span>
  </Th>
);

export const ActionsTd = ({ children, className }: { children?: React.ReactNode; className?: string }) => (
  <Td className={cn(PINNED, "bg-white text-right", className)}>{children}</Td>
);
