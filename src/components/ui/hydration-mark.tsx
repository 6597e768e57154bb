"use client";
import { useEffect } from "react";

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`): until then its controls
 * are disabled (use-hydrated.ts). Browser tests wait for it before judging what a reader can use.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
