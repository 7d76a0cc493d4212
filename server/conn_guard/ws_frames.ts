/**
 * Tells WebSocket data frames from control frames in a tunnel's byte stream (RFC 6455 §5.2), so
 * a socket kept open only by pings and pongs can be told idle. Pure, no I/O.
 *
 * @module
 */

/** Reads the frames of one direction of a WebSocket, across reads. */
export class FrameScanner {
  #header = new Uint8Array(14);
  #have = 0;
  #payload = 0;
  #data = false;

  /** Reads `bytes[start..end)`; true when a data frame (text, binary, continuation) with payload was seen. */
  feed(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
    let seen = false;
    let i = start;
    while (i < end) {
      if (this.#payload > 0) {
        const take = Math.min(this.#payload, end - i);
        this.#payload -= take;
        i += take;
        if (this.#data) seen = true;
        continue;
      }
      this.#header[this.#have++] = bytes[i++];
      const need = this.#headerLength();
      if (this.#have < need) continue;
      const opcode = this.#header[0] & 0x0f;
      this.#data = opcode < 0x8;
      this.#payload = this.#payloadLength();
      this.#have = 0;
    }
    return seen;
  }

  /** Bytes of the header so far needed: 2, then as its length and mask bits say. */
  #headerLength(): number {
    if (this.#have < 2) return 2;
    const len7 = this.#header[1] & 0x7f;
    const mask = this.#header[1] & 0x80 ? 4 : 0;
    return 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + mask;
  }

  #payloadLength(): number {
    const len7 = this.#header[1] & 0x7f;
    if (len7 < 126) return len7;
    if (len7 === 126) return (this.#header[2] << 8) | this.#header[3];
    let n = 0;
    for (let k = 2; k < 10; k++) n = n * 256 + this.#header[k];
    return n;
  }
}
