import { LoadingPage } from "@/components/ui/skeleton";

export default function Loading() {
  return <LoadingPage label="Loading API keys…" rows={3} />;
}
