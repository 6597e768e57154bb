/**
 * `hubi.batches`: verify a whole file of national IDs in the background. Create a batch from a
 * CSV or NDJSON file or from request objects, `wait` for it (with progress), then read
 * `results` line by line. Rows never carry citizen details.
 */
import { AbortedError } from "./errors.js";
import { sleep, type HttpClient } from "./http.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import { checkDuration, type RequestOptions } from "./options.js";
import type {
  Batch,
  BatchResponse,
  BatchResult,
  BatchResultLine,
  ListBatchesParams,
  ListBatchesResponse,
  ListBatchesResult,
  VerifyCitizenRequest,
} from "./types.js";

/** A file as is: CSV (default) or NDJSON text, bytes, a Blob or a stream. */
export type BatchFile = string | Uint8Array | Blob | ReadableStream<Uint8Array>;
/** Verify requests: sent as NDJSON, streamed when they come from an async iterable. */
export type BatchRows = Iterable<VerifyCitizenRequest> | AsyncIterable<VerifyCitizenRequest>;

export type CreateBatchOptions = RequestOptions & {
  /** The file's type; default `text/csv` (a Blob's own type when it has one). Rows are always NDJSON. */
  contentType?: "text/csv" | "application/x-ndjson";
  /** 8–128 printable ASCII characters. Default: a new UUID per call, reused by its retries. */
  idempotencyKey?: string;
};

export type WaitOptions = RequestOptions & {
  /** Called with the batch after each poll, for a progress bar (`processedRows` of `totalRows`). */
  onProgress?: (batch: Batch) => void;
  /** Between polls; default 2,000 ms, at least 100. */
  intervalMs?: number;
};

const ENDED = new Set<string>(["completed", "cancelled", "failed"]);

const isRows = (source: BatchFile | BatchRows): source is BatchRows =>
  typeof source !== "string" &&
  !(source instanceof Uint8Array) &&
  !(typeof Blob !== "undefined" && source instanceof Blob) &&
  !(typeof ReadableStream !== "undefined" && source instanceof ReadableStream);

/** NDJSON of the rows: text for an array (so a retry can send it again), a stream otherwise. */
function ndjson(rows: BatchRows): string | ReadableStream<Uint8Array> {
  if (Array.isArray(rows)) return rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const encoder = new TextEncoder();
  const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<VerifyCitizenRequest>)[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
  });
}

export class Batches {
  constructor(private readonly http: HttpClient) {}

  /** Uploads a file (or rows) and answers the queued batch at once; its rows are verified in the background. */
  async create(source: BatchFile | BatchRows, options: CreateBatchOptions = {}): Promise<BatchResult> {
    const { contentType, idempotencyKey, ...perCall } = options;
    const file = isRows(source)
      ? { data: ndjson(source), contentType: "application/x-ndjson" }
      : { data: source, contentType: contentType ?? (typeof Blob !== "undefined" && source instanceof Blob && source.type ? source.type : "text/csv") };
    const { body, ...meta } = await this.http.request<BatchResponse>(
      { method: "POST", path: "/batches", file, idempotencyKey: idempotencyKey ?? (await newIdempotencyKey()) },
      perCall,
    );
    return { ...body.data, message: body.message, ...meta };
  }

  async retrieve(id: string, options: RequestOptions = {}): Promise<BatchResult> {
    const { body, ...meta } = await this.http.request<BatchResponse>({ method: "GET", path: `/batches/${encodeURIComponent(id)}` }, options);
    return { ...body.data, message: body.message, ...meta };
  }

  /** One page of the business's batches in this key's mode, newest first. */
  async list(params: ListBatchesParams = {}, options: RequestOptions = {}): Promise<ListBatchesResult> {
    const { body, ...meta } = await this.http.request<ListBatchesResponse>({ method: "GET", path: "/batches", query: params }, options);
    return { data: body.data, pagination: body.pagination, ...meta };
  }

  /** Rows not yet processed end as `cancelled` and cost nothing. Idempotent. */
  async cancel(id: string, options: RequestOptions = {}): Promise<BatchResult> {
    const { body, ...meta } = await this.http.request<BatchResponse>({ method: "POST", path: `/batches/${encodeURIComponent(id)}/cancel` }, options);
    return { ...body.data, message: body.message, ...meta };
  }

  /** Polls until the batch has ended (`completed`, `cancelled` or `failed`) and answers it. */
  async wait(id: string, options: WaitOptions = {}): Promise<BatchResult> {
    const { onProgress, intervalMs = 2_000, ...perCall } = options;
    checkDuration("intervalMs", intervalMs, 100);
    for (;;) {
      const batch = await this.retrieve(id, perCall);
      onProgress?.(batch);
      if (ENDED.has(batch.status)) return batch;
      await sleep(intervalMs, perCall.signal, this.http.docsBaseUrl);
    }
  }

  /** The results of an ended batch, one line per input row in input order, read as they stream in. */
  async *results(id: string, options: RequestOptions = {}): AsyncGenerator<BatchResultLine, void, undefined> {
    const { body } = await this.http.stream({ method: "GET", path: `/batches/${encodeURIComponent(id)}/results`, accept: "application/x-ndjson" }, options);
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let rest = "";
    // The caller's signal stops the download too, not only the wait for its first byte.
    const { signal } = options;
    const stop = () => void reader.cancel(signal?.reason).catch(() => {});
    signal?.addEventListener("abort", stop, { once: true });
    if (signal?.aborted) stop();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (signal?.aborted) throw new AbortedError({ cause: signal.reason, docsBaseUrl: this.http.docsBaseUrl });
        if (done) break;
        const lines = (rest + decoder.decode(value, { stream: true })).split("\n");
        rest = lines.pop()!;
        for (const line of lines) if (line) yield JSON.parse(line) as BatchResultLine;
      }
      rest += decoder.decode();
      if (rest) yield JSON.parse(rest) as BatchResultLine;
    } finally {
      signal?.removeEventListener("abort", stop);
      // A loop that stopped early: the rest of the download is not read, and its connection is freed.
      await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }
}
