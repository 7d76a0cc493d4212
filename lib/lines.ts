/**
 * Line-by-line reading of a child process's output.
 *
 * @module
 */

/**
 * Calls `onLine` for each line of a byte stream (without its `\n`), then
 * once more for a last line that has no `\n`, and resolves when the stream
 * ends.
 */
export async function forEachLine(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let index;
    while ((index = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 1);
      onLine(line);
    }
  }
  buffer += decoder.decode();
  if (buffer) onLine(buffer);
}
