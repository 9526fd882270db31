import type { Endpoint, EndpointResult, FileResponse, Upload } from '@rozmova/contracts';
import { ApiError, endpointUrl, isErrorBody, requestHeaders, type AnyInput, type CallArgs, type CallInput } from './api-client.ts';
import { beginRequest, endRequest } from './request-activity.ts';
import { runtimeConfig } from './runtime-config.ts';

/** An endpoint that takes a file. */
type UploadEndpoint = Endpoint & { upload: Upload };
/** An endpoint that answers a file. */
type FileEndpoint = Endpoint & { responses: { 200: FileResponse } };

export type UploadInput<E extends UploadEndpoint> = CallInput<E> & {
  file: File;
  /** Called with 0..100 as the file is sent. */
  onProgress?: (percent: number) => void;
  apiBase?: string;
};

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a file (and the contract's body as text fields) as multipart/form-data with the API client's headers (docs/product.md §7) and reports the upload progress,
 * which fetch cannot. Failures are {@link ApiError}s like those of the API client.
 */
export function uploadFile<E extends UploadEndpoint>(contract: E, input: UploadInput<E>): Promise<EndpointResult<E>> {
  const { file, onProgress, signal, apiBase = runtimeConfig.api_base } = input;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contract.method, endpointUrl(apiBase, contract, input as AnyInput));
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
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as EndpointResult<E>);
        else reject(new ApiError(xhr.status, isErrorBody(data) ? data : undefined));
      });
    xhr.onerror = () => finish(() => reject(new ApiError(undefined, undefined)));
    xhr.onabort = () => finish(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort);
    // The contract's text fields first, then the file, as the API reads them.
    const body = new FormData();
    for (const [name, value] of Object.entries((input as AnyInput).body ?? {})) {
      if (value !== undefined && value !== null) body.append(name, String(value));
    }
    body.append(contract.upload.field, file, file.name);
    beginRequest();
    xhr.send(body);
  });
}

/** Downloads a protected file (the bearer token goes in a header, so a plain link cannot open it). */
export async function downloadBlob<E extends FileEndpoint>(contract: E, ...[input]: CallArgs<E>): Promise<Blob> {
  return downloadFrom(runtimeConfig.api_base, contract, input as AnyInput);
}

export async function downloadFrom(apiBase: string, contract: FileEndpoint, input: AnyInput = {}): Promise<Blob> {
  beginRequest();
  try {
    let response: Response;
    try {
      const headers = { ...requestHeaders(), Accept: '*/*' };
      response = await fetch(endpointUrl(apiBase, contract, input), { headers, signal: input.signal });
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
