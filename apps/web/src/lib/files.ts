import { ApiError, buildUrl, isErrorBody, requestHeaders } from './api-client.ts';
import { beginRequest, endRequest } from './request-activity.ts';
import { runtimeConfig } from './runtime-config.ts';

export interface UploadOptions {
  /** The multipart field the file goes in. */
  field?: string;
  /** Called with 0..100 as the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  apiBase?: string;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a file as multipart/form-data with the API client's headers (SPEC.md §7) and reports the upload progress,
 * which fetch cannot. Failures are {@link ApiError}s like those of the API client.
 */
export function uploadFile<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const { field = 'file', onProgress, signal, apiBase = runtimeConfig.api_base } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(apiBase, path));
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const finish = (action: () => void) => {
      endRequest();
      signal?.removeEventListener('abort', abort);
      action();
    };
    xhr.onload = () =>
      finish(() => {
        const data = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(new ApiError(xhr.status, isErrorBody(data) ? data : undefined));
      });
    xhr.onerror = () => finish(() => reject(new ApiError(undefined, undefined)));
    xhr.onabort = () => finish(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort);
    const body = new FormData();
    body.append(field, file, file.name);
    beginRequest();
    xhr.send(body);
  });
}

/** Downloads a protected file (the bearer token goes in a header, so a plain link cannot open it). */
export async function downloadBlob(path: string, apiBase = runtimeConfig.api_base): Promise<Blob> {
  beginRequest();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(apiBase, path), { headers: { ...requestHeaders(), Accept: '*/*' } });
    } catch (error) {
      throw new ApiError(undefined, undefined, error);
    }
    if (!response.ok) {
      const data = parseJson(await response.text().catch(() => ''));
      throw new ApiError(response.status, isErrorBody(data) ? data : undefined);
    }
    return await response.blob();
  } finally {
    endRequest();
  }
}

/** Opens a blob in a new tab (or downloads it under `fileName` when the browser cannot show its type). */
export function openBlob(blob: Blob, fileName: string, download: boolean): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  if (download) link.download = fileName;
  else link.target = '_blank';
  document.body.append(link);
  link.click();
  link.remove();
  // The new tab has read the blob by then; the URL would otherwise keep it in memory until the page closes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
