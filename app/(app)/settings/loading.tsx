import { LoadingPage } from "@/components/ui/skeleton";

export default function Loading() {
  return <LoadingPage label="Loading settings…" rows={3} />;
}
