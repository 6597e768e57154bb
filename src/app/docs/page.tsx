import { pageTitle } from "@/i18n/page-title";
import { ApiReference } from "../../components/docs/api-reference";
import { DocsNav } from "../../components/docs/docs-nav";

export const generateMetadata = pageTitle("docs", "reference.title");

export default function DocsPage() {
  return (
    <>
      <DocsNav current="/docs" />
      <ApiReference />
    </>
  );
}
