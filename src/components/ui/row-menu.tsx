"use client";
import { MoreHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export type RowAction = { label: string; onSelect: () => void; destructive?: boolean };

/**
 * A row's actions behind one button, so that a table row keeps its width and a destructive action
 * sits apart (last, after a rule) instead of beside the others. Keyboard: the menu opens on its
 * first item; arrows move, Escape closes and returns to the button, Tab leaves.
 */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  function onKeyDown(event: React.KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      all[(at + (event.key === "ArrowDown" ? 1 : all.length - 1)) % all.length]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  const safe = actions.filter((a) => !a.destructive);
  const destructive = actions.filter((a) => a.destructive);
  const item = (a: RowAction) => (
    <button
      key={a.label}
      type="button"
      role="menuitem"
      tabIndex={-1}
      onClick={() => {
        setOpen(false);
        a.onSelect();
      }}
      className={cn(
        "block w-full px-3 py-1.5 text-left text-sm focus:outline-none",
        a.destructive ? "text-red-700 hover:bg-red-50 focus:bg-red-50" : "text-slate-800 hover:bg-slate-100 focus:bg-slate-100",
      )}
    >
      {a.label}
    </button>
  );
  return (
    <div className="relative inline-block text-left">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={!hydrated}
        onClick={() => setOpen(!open)}
        className="rounded-md p-1.5 text-slate-600 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800"
      >
        <MoreHorizontal aria-hidden className="size-4" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-20 mt-1 min-w-36 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {safe.map(item)}
          {destructive.length > 0 && safe.length > 0 && <div role="separator" className="my-1 border-t border-slate-200" />}
          {destructive.map(item)}
        </div>
      )}
    </div>
  );
}
