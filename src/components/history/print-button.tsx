"use client";
import { Button } from "@/components/ui/button";

export const PrintButton = () => (
  <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
    Print certificate
  </Button>
);
