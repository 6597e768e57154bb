import { pageTitle } from "@/i18n/page-title";
import { ApiReference } from "./_components/api-reference";
import { DocsNav } from "./_components/docs-nav";

export const generateMetadata = pageTitle("docs", "reference.title");

export default function DocsPage() {
  return (
    <>
      <DocsNav current="/docs" />
      <ApiReference />
    </>
  );
}
