"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";

/** Downloads a file through a fresh signed URL (they live 15 minutes, so one is made per click). */
export function DownloadButton({ surveyId, fileId, fileName, label }: { surveyId: string; fileId: string; fileName: string; label: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { data } = await apiRequest<{ data: { url: string } }>("POST", `/surveys/${surveyId}/files/${fileId}/download-url`);
      const link = document.createElement("a");
      link.href = data.url;
      link.download = fileName;
      link.rel = "noopener";
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      toast(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="ghost" size="sm" onClick={download} busy={busy} aria-label={label}>
      Download
    </Button>
  );
}
