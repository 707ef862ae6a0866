/**
 * Sends a file's bytes straight to the signed upload URL with XMLHttpRequest, the one browser API that
 * reports upload progress. The bytes never pass through the JSON API.
 */

export type UploadTarget = { url: string; method: string; headers: Record<string, string> };

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export function uploadWithProgress(target: UploadTarget, body: Blob, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) {
      // The browser sets these itself and refuses scripts that try.
      if (!["content-length", "host"].includes(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size, body.size);
        resolve();
        return;
      }
      let message = `The upload was refused (HTTP ${xhr.status}).`;
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: string };
        if (parsed.message) message = parsed.message;
      } catch {
        // Object stores answer in XML or text; keep the generic message.
      }
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError("The upload failed: the storage server could not be reached.", 0));
    xhr.onabort = () => reject(new UploadError("The upload was cancelled.", 0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
