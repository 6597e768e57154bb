import { Loading } from "@/components/ui/states";

export default function PortalLoading() {
  return <Loading label="Loading page" />;
}
