"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "./cn";

/** Which sides of a scrolling table have more to show, and how wide its pinned actions column is. */
type Overflow = { left: boolean; right: boolean; pinned: number };

const SHADOW = "pointer-events-none absolute inset-y-0 w-4 from-slate-900/20 to-transparent transition-opacity max-sm:hidden";

/**
 * A table that fits any screen. Under 640 px each row stacks into a card of "label: value" lines
 * (each cell is labelled with its column's heading, so status and actions stay on screen); above,
 * a table wider than its card scrolls sideways and shows a shadow on the side that has more; its
 * actions column (`ActionsTh`, `ActionsTd`) stays pinned to the right edge, so no action is cut off.
 *
 * The shadows lie over the table, not behind it: the rows and the pinned column are opaque, and a
 * background shadow would be painted beneath them, out of sight. The right one sits at the pinned
 * column's edge, where the scrolling columns disappear.
 */
export function Table({ caption, children }: { caption: string; children: React.ReactNode }) {
  const ref = useRef<HTMLTableElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false, pinned: 0 });
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
  // The shadows follow the scroll position and the sizes (data arriving, the window resized).
  useEffect(() => {
    const region = regionRef.current;
    const table = ref.current;
    if (!region || !table) return;
    const update = () => {
      const last = table.tHead?.rows[0]?.lastElementChild;
      const pinned = last instanceof HTMLElement && getComputedStyle(last).position === "sticky" ? last.offsetWidth : 0;
      const next = { left: region.scrollLeft > 1, right: region.scrollLeft + region.clientWidth < region.scrollWidth - 1, pinned };
      setOverflow((now) => (now.left === next.left && now.right === next.right && now.pinned === next.pinned ? now : next));
    };
    update();
    region.addEventListener("scroll", update, { passive: true });
    const sizes = new ResizeObserver(update);
    sizes.observe(region);
    sizes.observe(table);
    return () => {
      region.removeEventListener("scroll", update);
      sizes.disconnect();
    };
  }, []);
  return (
    <div className="relative">
      {/* Positioned, so that visually hidden (absolute) labels in cells scroll with the table, not the page.
          A named, focusable region: keyboard users can scroll it too. */}
      <div ref={regionRef} role="region" aria-label={caption} tabIndex={0} className="relative focus-visible:outline-2 focus-visible:outline-blue-800 sm:overflow-x-auto">
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
      <div aria-hidden data-scroll-shadow="left" className={cn(SHADOW, "left-0 bg-linear-to-r", overflow.left ? "opacity-100" : "opacity-0")} />
      <div
        aria-hidden
        data-scroll-shadow="right"
        className={cn(SHADOW, "bg-linear-to-l", overflow.right ? "opacity-100" : "opacity-0")}
        style={{ right: overflow.pinned }}
      />
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

/** Pinned to the table's right edge above 640 px; the table's right shadow marks what scrolls beneath it. */
const PINNED = "sm:sticky sm:right-0";

/** The heading of a row's actions: named for screen readers only. */
export const ActionsTh = ({ label }: { label: string }) => (
  <Th className={PINNED}>
    <span className="sr-only">{label}</span>
  </Th>
);

export const ActionsTd = ({ children, className }: { children?: React.ReactNode; className?: string }) => (
  <Td className={cn(PINNED, "bg-white text-right", className)}>{children}</Td>
);
