/** A request body as text, read no further than `limitBytes`: null when it is larger. */
export async function readTextWithin(req: Request, limitBytes: number): Promise<string | null> {
  if (Number(req.headers.get("content-length") ?? "0") > limitBytes) return null;
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}
