import type { Metadata } from "next";
import { ApiReference } from "./_components/api-reference";
import { DocsNav } from "./_components/docs-nav";

export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  return (
    <>
      <DocsNav current="/docs" />
      <ApiReference />
    </>
  );
}
