import { inflateRawSync } from "node:zlib";

/**
 * A minimal, bounded ZIP reader for Office documents. It reads the central directory and inflates only the
 * entries asked for, with a hard cap on each entry's inflated size (`maxOutputLength`), so a zip bomb or a
 * lying size field cannot exhaust memory. Only "stored" and "deflate" entries exist in Office files.
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export class ZipError extends Error {
  constructor(
    message: string,
    readonly kind: "corrupt" | "encrypted" | "too_large" | "unsupported",
  ) {
    super(message);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export class ZipArchive {
  readonly entries = new Map<string, ZipEntry>();
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.readCentralDirectory();
  }

  static isZip(bytes: Uint8Array): boolean {
    return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  }

  private readCentralDirectory(): void {
    const { view, bytes } = this;
    // The end-of-central-directory record sits in the last 22 + 65535 bytes.
    const minimum = Math.max(0, bytes.length - 22 - 0xffff);
    let eocd = -1;
    for (let at = bytes.length - 22; at >= minimum; at--) {
      if (view.getUint32(at, true) === EOCD_SIGNATURE) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw new ZipError("the ZIP directory is missing (the file is truncated or not a ZIP)", "corrupt");
    const count = view.getUint16(eocd + 10, true);
    const size = view.getUint32(eocd + 12, true);
    let offset = view.getUint32(eocd + 16, true);
    if (offset === 0xffffffff || count === 0xffff) throw new ZipError("ZIP64 archives are not supported", "unsupported");
    if (offset + size > bytes.length) throw new ZipError("the ZIP directory points outside the file", "corrupt");
    const decoder = new TextDecoder("utf-8");
    for (let i = 0; i < count; i++) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
        throw new ZipError("a ZIP directory entry is damaged", "corrupt");
      }
      const flags = view.getUint16(offset + 8, true);
      const method = view.getUint16(offset + 10, true);
      const compressedSize = view.getUint32(offset + 20, true);
      const uncompressedSize = view.getUint32(offset + 24, true);
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      const localHeaderOffset = view.getUint32(offset + 42, true);
      const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
      this.entries.set(name, { name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
      offset += 46 + nameLength + extraLength + commentLength;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Inflates one entry; refuses entries larger than `maxBytes` once inflated. */
  read(name: string, maxBytes: number): Uint8Array | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.flags & 0x1) throw new ZipError(`the part ${name} is encrypted`, "encrypted");
    if (entry.uncompressedSize > maxBytes) throw new ZipError(`the part ${name} is too large`, "too_large");
    const { view, bytes } = this;
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
      throw new ZipError(`the part ${name} is damaged`, "corrupt");
    }
    const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.length) throw new ZipError(`the part ${name} is truncated`, "corrupt");
    const data = bytes.subarray(dataStart, dataEnd);
    if (entry.method === 0) return data;
    if (entry.method !== 8) throw new ZipError(`the part ${name} uses an unsupported compression method`, "unsupported");
    try {
      return inflateRawSync(data, { maxOutputLength: maxBytes });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ERR_BUFFER_TOO_LARGE" || (error instanceof RangeError && /larger than/i.test(error.message))) {
        throw new ZipError(`the part ${name} is too large`, "too_large");
      }
      throw new ZipError(`the part ${name} cannot be decompressed`, "corrupt");
    }
  }

  readText(name: string, maxBytes: number): string | null {
    const data = this.read(name, maxBytes);
    return data ? new TextDecoder("utf-8").decode(data) : null;
  }
}
