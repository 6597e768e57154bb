/**
 * Where an upload's sealed chunks wait while the rest of the file streams in: a temporary file,
 * not the database. The upload is then stored in one short transaction. A transaction open for the
 * whole upload (minutes for a large file from a slow client) held back every business's event feed
 * meanwhile, which shows only events older than every running transaction (src/server/events).
 *
 * The file is removed from its folder as soon as it is opened: only this process's open handle
 * reaches it, and it is gone when the handle closes, even if the process is killed. Its chunks are
 * sealed (chunk-input.ts), so no national ID is at rest in clear there either. It lives in the
 * system's temporary folder (TMPDIR), and takes as much room as the chunks will in the database.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** The folder-name prefix of every spool (tests find an upload in progress by it). */
export const SPOOL_PREFIX = "hubi-upload-";

export type SpooledChunk = { chunkNo: number; firstRow: number; rowCount: number; offset: number; length: number };

export class UploadSpool {
  readonly chunks: SpooledChunk[] = [];
  private size = 0;

  private constructor(private readonly file: fs.FileHandle) {}

  static async open(): Promise<UploadSpool> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), SPOOL_PREFIX));
    let file: fs.FileHandle | undefined;
    try {
      file = await fs.open(path.join(dir, "chunks"), "w+", 0o600);
      await fs.rm(dir, { recursive: true });
      return new UploadSpool(file);
    } catch (error) {
      await file?.close();
      await fs.rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Appends the next chunk of `rowCount` rows, sealed by `seal` under its chunk number (from 1). */
  async append(rowCount: number, seal: (chunkNo: number) => Buffer): Promise<void> {
    const last = this.chunks.at(-1);
    const chunkNo = this.chunks.length + 1;
    const sealed = seal(chunkNo);
    // A full disk may take part of a write without an error: only a whole chunk counts.
    const { bytesWritten } = await this.file.write(sealed, 0, sealed.length, this.size);
    if (bytesWritten !== sealed.length) throw new Error(`The upload spool took ${bytesWritten} of a chunk's ${sealed.length} bytes (is TMPDIR full?)`);
    this.chunks.push({ chunkNo, firstRow: last ? last.firstRow + last.rowCount : 1, rowCount, offset: this.size, length: sealed.length });
    this.size += sealed.length;
  }

  /** The chunks in order, a few at a time: each group at most `maxBytes` (or one chunk). */
  async *groups(maxBytes: number): AsyncGenerator<(SpooledChunk & { sealed: Buffer })[]> {
    let group: (SpooledChunk & { sealed: Buffer })[] = [];
    let bytes = 0;
    for (const chunk of this.chunks) {
      if (group.length > 0 && bytes + chunk.length > maxBytes) {
        yield group;
        group = [];
        bytes = 0;
      }
      const sealed = Buffer.alloc(chunk.length);
      const { bytesRead } = await this.file.read(sealed, 0, chunk.length, chunk.offset);
      if (bytesRead !== chunk.length) throw new Error(`The upload spool gave back ${bytesRead} of chunk ${chunk.chunkNo}'s ${chunk.length} bytes`);
      group.push({ ...chunk, sealed });
      bytes += chunk.length;
    }
    if (group.length > 0) yield group;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
